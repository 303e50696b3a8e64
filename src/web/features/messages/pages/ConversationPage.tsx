import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'wouter';
import { Avatar } from '../../../ui/Avatar.js';
import { ErrorState } from '../../../ui/ErrorState.js';
import { Spinner } from '../../../ui/Spinner.js';
import { formatWhen } from '../../../lib/datetime.js';
import { usePageTitle } from '../../../lib/title.js';
import { FeedbackSection } from '../../safety/components/FeedbackSection.js';
import { SafetyActions } from '../../safety/components/SafetyActions.js';
import { useConversation, useMessages, useSendMessage } from '../api/messages.js';
import { LIMITS } from '../../../../contract/limits.js';
import { PAGES, foodPath, manageFoodPath } from '../../../../contract/routes.js';
import '../../../ui/controls/chat.css';


/**
 * The conversation of a request (`/requests/{requestId}`, login required):
 * its donor and requester agree on the pickup. Messages oldest first with name,
 * photo and time, in a polite live region so screen readers hear new ones; they
 * arrive live (LiveBell refreshes on `event: message`). The heading names the food and the
 * other person, with a way back to the request list it came from and to the listing.
 */
export default function ConversationPage() {
  const { requestId = '' } = useParams();
  const about = useConversation(requestId).data;
  usePageTitle(about ? t`Messages about ${about.FoodName}` : t`Messages`);
  const { data, isPending, isError, error, refetch } = useMessages(requestId);
  const send = useSendMessage(requestId);
  const [body, setBody] = useState('');

  function submit(e: FormEvent) {
    e.preventDefault();
    const text = body.trim();
    if (!text) return;
    send.mutate(text, { onSuccess: () => setBody('') });
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      {about && (
        <nav aria-label={t`Back`} className="flex flex-wrap gap-x-6 gap-y-2">
          {about.You === 'Donor' ? (
            <Link to={manageFoodPath(about.FoodId)} className="link">
              <Trans>← Back to the requests for {about.FoodName}</Trans>
            </Link>
          ) : (
            <Link to={PAGES.myFoodRequests.path} className="link">
              <Trans>← Back to My Food Request</Trans>
            </Link>
          )}
          <Link to={foodPath(about.FoodId)} className="link">
            <Trans>View the listing</Trans>
          </Link>
        </nav>
      )}
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold sm:text-4xl">{about ? t`Messages about ${about.FoodName}` : t`Messages`}</h1>
        {about && (
          <p className="text-lg">
            <Trans>With</Trans> {about.With.Name}, {about.You === 'Donor' ? t`who requested it` : t`the donor`} · {about.Status}
          </p>
        )}
      </div>
      {isPending ? (
        <Spinner fullPage />
      ) : isError ? (
        <ErrorState
          message={(error as { status?: number }).status === 404 ? t`This request no longer exists.` : t`Could not load this conversation.`}
          onRetry={() => void refetch()}
        />
      ) : (
        <>
          <div role="log" aria-live="polite" aria-label={t`Conversation`}>
          <ol className="flex flex-col gap-3">
            {data.length === 0 && <li className="py-6 text-center"><Trans>No messages yet. Say when you can pick up or hand over the food.</Trans></li>}
            {data.map((m) => (
              <li key={m._id} className={`chat ${m.Mine ? 'chat-end' : 'chat-start'}`}>
                <div className="chat-image">
                  <Avatar name={m.Sender.Name} src={m.Sender.Image} size={40} decorative className="h-10 w-10" />
                </div>
                <div className="chat-header flex gap-2">
                  <span className="font-semibold">{m.Sender.Name}</span>
                  <time dateTime={m.SentAt} className="text-xs text-base-content/70">
                    {formatWhen(m.SentAt)}
                  </time>
                </div>
                <div
                  className={`chat-bubble whitespace-pre-wrap break-words ${m.Removed ? 'italic' : ''} ${m.Mine ? 'bg-indigo-700 text-white' : ''}`}
                >
                  {m.Body}
                </div>
                {!m.Mine && !m.Removed && m.Sender._id && (
                  <div className="chat-footer">
                    <SafetyActions type="message" targetId={m._id} label={t`what ${m.Sender.Name} wrote`} person={{ id: m.Sender._id, name: m.Sender.Name }} />
                  </div>
                )}
              </li>
            ))}
          </ol>
          </div>
          <FeedbackSection requestId={requestId} />
          <form onSubmit={submit} className="flex flex-col gap-2">
            <label htmlFor="message-body" className="font-medium">
              <Trans>Message</Trans>
            </label>
            <textarea
              id="message-body"
              className="input field-text w-full"
              rows={3}
              maxLength={LIMITS.message}
              value={body}
              onChange={(e) => setBody(e.target.value)}
            />
            <button type="submit" className="btn btn-primary self-end" disabled={send.isPending || !body.trim()}>
              <Trans>Send</Trans>
            </button>
          </form>
        </>
      )}
    </div>
  );
}
