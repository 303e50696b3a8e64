import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'wouter';
import { wantedPath } from '../../../../contract/routes.js';
import { useMyWanted } from '../api/wanted.js';
import { untilWords } from './WantedCard.js';

/**
 * 'Your Wanted posts' on /wanted for a signed-in person who has posted: each of their posts (a link
 * to its page, where they see the answers and may delete it), open or expired, hidden ones marked
 * (docs/api.md "Wanted posts": `mine=true`). Nothing while they have none.
 */
export function MyWantedPosts({ userId }: { userId: string }) {
  const id = useId();
  const { data } = useMyWanted(userId);
  if (!data?.length) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2 rounded-box bg-base-200 p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold"><Trans>Your Wanted posts</Trans></h2>
      <ul className="flex flex-col gap-1">
        {data.map((post) => (
          <li key={post._id} className="flex flex-wrap items-baseline gap-x-2">
            <Link to={wantedPath(post._id)} className="link link-primary break-words font-medium">
              {post.Title}
            </Link>
            <span className="text-sm">{untilWords(post)}</span>
            {post.Hidden && <span className="badge badge-outline text-sm"><Trans>Hidden</Trans></span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
