import type { EmailPreferences } from '../../../../contract/index.js';
import { ErrorState } from '../../../ui/ErrorState.js';
import { Spinner } from '../../../ui/Spinner.js';
import { toastSuccess } from '../../../lib/toast.js';
import { usePageTitle } from '../../../lib/title.js';
import { useEmailPreferences, useSaveEmailPreferences } from '../api/notifications.js';

const SWITCHES: { key: keyof EmailPreferences; label: string; hint: string }[] = [
  { key: 'NewRequests', label: 'New requests', hint: 'When someone requests one of your foods.' },
  { key: 'RequestUpdates', label: 'Request updates', hint: 'When your request is delivered or its food is removed.' },
  { key: 'Messages', label: 'Messages', hint: 'When you get a message while Plateful is not open (at most one per conversation every 15 minutes).' },
];

/** Email settings (issue 11, `/settings/notifications`, login required): three switches, saved at once. */
export default function NotificationSettingsPage() {
  usePageTitle('Email settings');
  const { data, isPending, isError, refetch } = useEmailPreferences();
  const save = useSaveEmailPreferences();

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <h1 className="text-3xl font-bold sm:text-4xl">Email settings</h1>
      {isPending ? (
        <Spinner fullPage />
      ) : isError ? (
        <ErrorState message="Could not load your email settings." onRetry={() => void refetch()} />
      ) : (
        <fieldset className="flex flex-col gap-4 rounded-box border border-base-200 p-4">
          <legend className="px-1 font-semibold">Email me about</legend>
          {SWITCHES.map(({ key, label, hint }) => (
            <div key={key} className="flex items-start gap-3">
              <input
                id={`pref-${key}`}
                type="checkbox"
                role="switch"
                className="toggle toggle-primary mt-1"
                checked={data[key]}
                aria-describedby={`pref-${key}-hint`}
                disabled={save.isPending}
                onChange={(e) => save.mutate({ ...data, [key]: e.target.checked }, { onSuccess: () => toastSuccess('Email settings saved') })}
              />
              <div>
                <label htmlFor={`pref-${key}`} className="font-medium">
                  {label}
                </label>
                <p id={`pref-${key}-hint`} className="text-sm text-base-content/70">
                  {hint}
                </p>
              </div>
            </div>
          ))}
        </fieldset>
      )}
    </div>
  );
}
