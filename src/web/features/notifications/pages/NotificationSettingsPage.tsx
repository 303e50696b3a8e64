import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { EmailPreferences } from '../../../../contract/index.js';
import { ErrorState } from '../../../ui/ErrorState.js';
import { Spinner } from '../../../ui/Spinner.js';
import { toastSuccess } from '../../../lib/toast.js';
import { usePageTitle } from '../../../lib/title.js';
import { useEmailPreferences, usePushPreferences } from '../api/notifications.js';
import { PushDevice } from '../components/PushDevice.js';
import '../../../ui/controls/toggle.css';

const KINDS = (): { key: keyof EmailPreferences; label: string; hint: string }[] => [
  { key: 'NewRequests', label: t`New requests`, hint: t`When someone requests one of your foods.` },
  { key: 'RequestUpdates', label: t`Request updates`, hint: t`When your request is delivered or its food is removed.` },
  {
    key: 'Messages',
    label: t`Messages`,
    hint: t`Email when you get a message while Plateful is not open (at most one per conversation every 15 minutes); push for every message.`,
  },
];

/**
 * Notification settings (`/settings/notifications`, login required):
 * per kind an 'Email' and a 'Push' switch, saved at once, and push on this device.
 */
export default function NotificationSettingsPage() {
  usePageTitle(t`Notification settings`);
  const { query: email, save: saveEmail } = useEmailPreferences();
  const { query: push, save: savePush } = usePushPreferences();

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <h1 className="text-3xl font-bold sm:text-4xl"><Trans>Notification settings</Trans></h1>
      {email.isPending || push.isPending ? (
        <Spinner fullPage />
      ) : email.isError || push.isError ? (
        <ErrorState
          message={t`Could not load your notification settings.`}
          onRetry={() => {
            void email.refetch();
            void push.refetch();
          }}
        />
      ) : (
        <>
          <PushDevice />
          <section aria-labelledby="kinds-heading" className="flex flex-col gap-4 rounded-box border border-base-200 p-4">
            <h2 id="kinds-heading" className="font-semibold">
              <Trans>Tell me about</Trans>
            </h2>
            {KINDS().map(({ key, label, hint }) => (
              <div key={key} role="group" aria-labelledby={`kind-${key}`} aria-describedby={`kind-${key}-hint`} className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                <div>
                  <p id={`kind-${key}`} className="font-medium">
                    {label}
                  </p>
                  <p id={`kind-${key}-hint`} className="text-sm text-base-content/70">
                    {hint}
                  </p>
                </div>
                <div className="flex shrink-0 gap-5">
                  {(
                    [
                      [t`Email`, email.data, saveEmail],
                      [t`Push`, push.data, savePush],
                    ] as const
                  ).map(([channel, prefs, save]) => (
                    <label key={channel} className="flex items-center gap-2">
                      <input
                        type="checkbox"
                        role="switch"
                        className="toggle toggle-primary"
                        checked={prefs[key]}
                        disabled={save.isPending}
                        onChange={(e) => save.mutate({ ...prefs, [key]: e.target.checked }, { onSuccess: () => toastSuccess(t`${channel} settings saved`) })}
                      />
                      {channel}
                    </label>
                  ))}
                </div>
              </div>
            ))}
          </section>
        </>
      )}
    </div>
  );
}
