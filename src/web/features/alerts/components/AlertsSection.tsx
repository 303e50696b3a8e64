import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'wouter';
import type { Alert } from '../../../../contract/index.js';
import { toastFailure, toastSuccess } from '../../../lib/toast.js';
import { useAlerts, useDeleteAlert, useUpdateAlert } from '../api/alerts.js';
import { describeAlert } from './alertWords.js';

/**
 * The person's alerts on the Account page (docs/api.md "Alerts"): each said in words,
 * with 'Pause' / 'Resume', its push and mail switches and 'Delete'. An alert of someone
 * who has not opened Plateful for 30 days rests until they come back.
 */
export function AlertsSection() {
  const { data, isPending } = useAlerts();
  return (
    <section id="alerts" aria-labelledby="alerts-heading" className="flex flex-col gap-3">
      <h2 id="alerts-heading" className="text-2xl font-bold">
        <Trans>Alerts</Trans>
      </h2>
      <p className="text-sm">
        <Trans>
          Saved searches tell you when a new listing matches. Save one from <Link to="/available-foods" className="link link-primary">Available Foods</Link>.
          Alerts rest while you have not opened Plateful for 30 days.
        </Trans>
      </p>
      {isPending ? null : !data?.length ? (
        <p><Trans>You have no alerts.</Trans></p>
      ) : (
        <ul className="flex flex-col gap-2">
          {data.map((a) => (
            <AlertRow key={a._id} alert={a} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AlertRow({ alert: a }: { alert: Alert }) {
  const id = useId();
  const update = useUpdateAlert();
  const remove = useDeleteAlert();
  const text = describeAlert(a);
  const busy = update.isPending || remove.isPending;
  const change = (input: Partial<Pick<Alert, 'Paused' | 'Push' | 'Email'>>) => update.mutate({ id: a._id, ...input }, { onError: (err) => toastFailure(err) });
  return (
    <li className="flex flex-col gap-2 rounded-box bg-base-200 p-3">
      <p id={`${id}-what`} className="font-medium break-words">
        {text}
        {a.Paused && (
          <>
            {' · '}
            <span className="badge badge-ghost"><Trans>Paused</Trans></span>
          </>
        )}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label className="flex items-center gap-2">
          <input type="checkbox" className="field-check" checked={a.Push} aria-describedby={`${id}-what`} disabled={busy} onChange={(e) => change({ Push: e.target.checked })} />
          <Trans>Push</Trans>
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" className="field-check" checked={a.Email} aria-describedby={`${id}-what`} disabled={busy} onChange={(e) => change({ Email: e.target.checked })} />
          <Trans>Email</Trans>
        </label>
        <button type="button" className="btn btn-sm" disabled={busy} aria-label={a.Paused ? t`Resume alert ${text}` : t`Pause alert ${text}`} onClick={() => change({ Paused: !a.Paused })}>
          {a.Paused ? <Trans>Resume</Trans> : <Trans>Pause</Trans>}
        </button>
        <button
          type="button"
          className="btn btn-sm"
          disabled={busy}
          aria-label={t`Delete alert ${text}`}
          onClick={() => remove.mutate(a._id, { onSuccess: () => toastSuccess(t`Alert deleted.`), onError: (err) => toastFailure(err) })}
        >
          <Trans>Delete</Trans>
        </button>
      </div>
    </li>
  );
}
