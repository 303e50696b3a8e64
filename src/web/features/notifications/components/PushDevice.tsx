import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { toastError, toastSuccess } from '../../../lib/toast.js';
import { pushFailureText } from '../pushErrors.js';
import { currentSubscription, pushSupport, turnOffPush, turnOnPush } from '../api/pushDevice.js';

type State = 'checking' | 'off' | 'on' | 'working' | 'denied';

/**
 * Push on this device: 'Turn on push notifications' asks for permission
 * only when pressed; on iOS Safari outside the Home Screen it explains what to do
 * first; once on, 'Turn off push notifications' removes this device.
 */
export function PushDevice() {
  const support = pushSupport();
  const [state, setState] = useState<State>('checking');
  const [explain, setExplain] = useState(false);

  useEffect(() => {
    if (support !== 'supported') return;
    let live = true;
    void currentSubscription().then(
      (sub) => live && setState(sub ? 'on' : Notification.permission === 'denied' ? 'denied' : 'off'),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, [support]);

  async function turnOn() {
    if (support === 'ios-needs-home-screen') {
      setExplain(true);
      return;
    }
    setState('working');
    try {
      const result = await turnOnPush();
      setState(result);
      if (result === 'on') toastSuccess(t`Push notifications are on for this device`);
    } catch (err) {
      setState('off');
      toastError(pushFailureText(err, true));
    }
  }

  async function turnOff() {
    setState('working');
    try {
      await turnOffPush();
      setState('off');
      toastSuccess(t`Push notifications are off for this device`);
    } catch (err) {
      setState('on');
      toastError(pushFailureText(err, false));
    }
  }

  return (
    <section aria-labelledby="push-device-heading" className="flex flex-col gap-3 rounded-box border border-base-200 p-4">
      <h2 id="push-device-heading" className="font-semibold">
        <Trans>Push notifications on this device</Trans>
      </h2>
      {support === 'unsupported' ? (
        <p className="text-sm text-base-content/70"><Trans>This browser cannot receive push notifications.</Trans></p>
      ) : state === 'on' ? (
        <>
          <p className="text-sm text-base-content/70"><Trans>This device gets the notifications switched on under Push below.</Trans></p>
          <button type="button" className="btn btn-outline self-start" onClick={() => void turnOff()}>
            <Trans>Turn off push notifications</Trans>
          </button>
        </>
      ) : (
        <>
          <p id="push-device-hint" className="text-sm text-base-content/70">
            {state === 'denied'
              ? t`Notifications are blocked for Plateful in this browser. Allow them in the site settings, then try again.`
              : t`Get new requests and messages on this device even when Plateful is closed.`}
          </p>
          <button
            type="button"
            className="btn btn-primary self-start"
            aria-describedby="push-device-hint"
            disabled={state === 'checking' || state === 'working'}
            onClick={() => void turnOn()}
          >
            <Trans>Turn on push notifications</Trans>
          </button>
          <p role="status" className="text-sm font-medium">
            {explain ? t`Add Plateful to your Home Screen first: tap Share, then Add to Home Screen, and open Plateful from there.` : ''}
          </p>
        </>
      )}
    </section>
  );
}
