import type { PushPreferences } from '@hamkke/contract/my/push';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { errorMessageFor } from '@/shared/api/api-error.ts';
import { pushMessages as text } from '@/shared/messages/push.ts';
import {
  currentSubscription,
  disablePush,
  enablePush,
  notificationPermission,
} from '@/shared/push/web-push.ts';
import { Button } from '@/shared/ui/button.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import { pushPreferencesQueryOptions, updatePushPreferences } from '../api/push.ts';
import styles from './my.module.css';

type Changes = Partial<Omit<PushPreferences, 'followsParent'>>;
type Toggle = 'daily' | 'invitation' | 'teamDone' | 'roundResults' | 'rewardPaid';
const toggles: Toggle[] = ['daily', 'invitation', 'teamDone', 'roundResults', 'rewardPaid'];

/**
 * /my: reminders on this device (the browser's permission, asked only on a tap here or after a
 * first certification) and the person's choices per kind and the daily time (decision 047).
 */
export function PushSettingsCard({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const { data: preferences } = useQuery(pushPreferencesQueryOptions(userId));
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [permission, setPermission] = useState(notificationPermission);

  useEffect(() => {
    let live = true;
    void currentSubscription().then((subscription) => live && setSubscribed(subscription !== null));
    return () => {
      live = false;
    };
  }, []);

  const device = useMutation({
    mutationFn: async (on: boolean) => {
      if (!on) {
        await disablePush();
        return 'off' as const;
      }
      return enablePush();
    },
    onSuccess: (outcome) => {
      setPermission(notificationPermission());
      if (outcome === 'subscribed') {
        setSubscribed(true);
        showToast(text.enabled);
      } else if (outcome === 'off') {
        setSubscribed(false);
        showToast(text.disabled);
      } else if (outcome === 'unsupported') showToast(text.unsupported);
    },
    onError: () => showToast(text.failed),
  });
  const save = useMutation({
    mutationFn: (changes: Changes) => updatePushPreferences(queryClient, userId, changes),
    onSuccess: () => showToast(text.saved),
    onError: (error) => showToast(errorMessageFor(error)),
  });

  // A tap shows at once (React renders a discrete event's state before the browser paints); the
  // server's answer replaces it, or on failure the stored choice comes back.
  const [pending, setPending] = useState<Changes>({});
  const shown = preferences && { ...preferences, ...pending };
  const change = (changes: Changes) => {
    setPending((before) => ({ ...before, ...changes }));
    save.mutate(changes, {
      onSettled: () =>
        setPending((before) =>
          Object.fromEntries(Object.entries(before).filter(([key]) => !(key in changes))),
        ),
    });
  };

  const readOnly = preferences?.followsParent ?? false;

  return (
    <section className={styles.exportCard} aria-labelledby="push-settings-title">
      <h2 id="push-settings-title" className={styles.exportTitle}>
        {text.title}
      </h2>
      <p className={styles.exportHint}>{text.description}</p>
      {permission === 'unsupported' ? (
        <p className={styles.exportHint}>{text.unsupported}</p>
      ) : permission === 'denied' ? (
        <p className={styles.exportHint}>{text.denied}</p>
      ) : subscribed ? (
        <>
          <p className={styles.exportReady} role="status">
            {text.deviceOn}
          </p>
          <Button block variant="secondary" busy={device.isPending} onClick={() => device.mutate(false)}>
            <BellOff aria-hidden="true" size={20} /> {text.disable}
          </Button>
        </>
      ) : (
        <Button block busy={device.isPending} onClick={() => device.mutate(true)}>
          <Bell aria-hidden="true" size={20} /> {text.enable}
        </Button>
      )}
      {shown && (
        <fieldset className={styles.pushChoices} disabled={readOnly || save.isPending}>
          <legend className="visually-hidden">{text.title}</legend>
          {toggles.map((kind) => (
            <label key={kind} className={styles.pushChoice}>
              <input
                type="checkbox"
                checked={shown[kind]}
                onChange={(event) => change({ [kind]: event.target.checked })}
              />
              <span>{text[kind]}</span>
            </label>
          ))}
          <label className={styles.pushChoice}>
            <span>{text.dailyTime}</span>
            <input
              type="time"
              step={600}
              className={styles.pushTime}
              value={shown.dailyTime}
              disabled={!shown.daily}
              onChange={(event) => {
                if (/^\d{2}:\d{2}$/.test(event.target.value)) change({ dailyTime: event.target.value });
              }}
            />
          </label>
        </fieldset>
      )}
      {readOnly && <p className={styles.exportHint}>{text.followsParent}</p>}
    </section>
  );
}
