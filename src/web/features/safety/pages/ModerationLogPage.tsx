import { formatWhen } from '../../../lib/datetime.js';
import { useModerationLog } from '../api/safety.js';
import { ModeratorPage } from '../components/ModeratorPage.js';

/** `/moderation/log` (issue 19): every moderator action, newest first; the 404 page for everyone but moderators. */
export default function ModerationLogPage() {
  return (
    <ModeratorPage
      query={useModerationLog()}
      title="Moderation log"
      failure="Could not load the log."
      link={{ to: '/moderation', label: 'Open reports' }}
      widthClass="max-w-5xl"
    >
      {(data) =>
        data.length === 0 ? (
          <p>No actions yet.</p>
        ) : (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Moderation log">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Action</th>
                  <th scope="col">Target</th>
                  <th scope="col">Why</th>
                </tr>
              </thead>
              <tbody>
                {data.map((e) => (
                  <tr key={e._id}>
                    <td>
                      <time dateTime={e.At}>{formatWhen(e.At)}</time>
                    </td>
                    <td>{e.Actor?.Name ?? 'Plateful (automatic)'}</td>
                    <td>
                      {e.Action}
                      {e.Action === 'Ban' ? (e.Days ? ` ${e.Days} d` : ' for good') : ''}
                    </td>
                    <td className="break-all">
                      {e.TargetType} {e.TargetId}
                    </td>
                    <td className="break-words">{e.Reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      }
    </ModeratorPage>
  );
}
