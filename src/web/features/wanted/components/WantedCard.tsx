import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'wouter';
import type { Wanted } from '../../../../contract/index.js';
import { wantedPath } from '../../../../contract/routes.js';
import { formatWhen } from '../../../lib/datetime.js';
import { numberFormat } from '../../../lib/intl.js';
import { aboutDistance } from '../../../lib/distance.js';

/** "Open until …", or that the post has expired. */
export function untilWords(post: Pick<Wanted, 'Open' | 'ExpiresAt'>): string {
  const when = formatWhen(post.ExpiresAt);
  return post.Open ? t`Open until ${when}` : t`Expired on ${when}`;
}

/**
 * One Wanted post in the list: its title (a link to its page), who asks, the first
 * lines of its details, how far (with a place searched), until when, and how many
 * listings answered it.
 */
export function WantedCard({ post }: { post: Wanted }) {
  const titleId = useId();
  const answers = post.Answers.length;
  const km = numberFormat().format(post.RadiusKm);
  return (
    <article aria-labelledby={titleId} className="card h-full border border-base-200 bg-base-100 shadow-md">
      <div className="card-body gap-2">
        <h2 id={titleId} className="card-title text-lg break-words">
          <Link to={wantedPath(post._id)} className="link link-hover">
            {post.Title}
          </Link>
        </h2>
        <p className="text-sm">
          <Trans>Asked by {post.Poster.Name}</Trans>
        </p>
        {post.Details && <p className="line-clamp-3 break-words">{post.Details}</p>}
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold"><Trans>Within</Trans></dt>
          <dd>{t`${km} km of the area`}</dd>
          {post.DistanceKm !== undefined && (
            <>
              <dt className="font-semibold"><Trans>Distance</Trans></dt>
              <dd>{aboutDistance(post.DistanceKm)}</dd>
            </>
          )}
        </dl>
        <p className="text-sm">{untilWords(post)}</p>
        <p className="text-sm font-semibold">
          {answers === 0 ? t`No listing has answered yet.` : plural(answers, { one: '# listing answered', other: '# listings answered' })}
        </p>
      </div>
    </article>
  );
}
