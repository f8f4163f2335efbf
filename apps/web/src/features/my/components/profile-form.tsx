import { ALIAS_MAX, aliasSchema } from '@hamkke/contract/user/links';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { apiErrorCode, errorMessageFor } from '@/shared/api/api-error.ts';
import { useSessionStore } from '@/shared/stores/session-store.ts';
import { Button } from '@/shared/ui/button.tsx';
import { FormSection } from '@/shared/ui/form-section.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import { updateProfile } from '../api/account.ts';
import styles from './my.module.css';
import { myMessages } from '@/shared/messages/my.ts';

const AVATARS = ['🙂', '🐻', '🐰', '🦊', '🐼', '🐣', '🌻', '⭐'] as const;

/**
 * What others see of me in teams: the alias and an avatar. A parent's is the master account's
 * (`user/update-master`); a child changes their own (`user/update-children`).
 */
export function ProfileForm({ accountType, alias }: { accountType: 'PARENT' | 'CHILD'; alias: string }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(alias);
  const [avatar, setAvatar] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => updateProfile(accountType, { alias: value, ...(avatar === null ? {} : { avatar }) }),
    onSuccess: async (person) => {
      useSessionStore.setState((state) =>
        state.userInfo ? { userInfo: { ...state.userInfo, alias: person.alias } } : state,
      );
      showToast(myMessages.profileSaved);
      await queryClient.invalidateQueries();
    },
    onError: (cause) => {
      if (apiErrorCode(cause) === 'FORBIDDEN_WORD') setError(myMessages.aliasForbidden);
      else setFailure(errorMessageFor(cause));
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const ok = aliasSchema.safeParse(value).success;
    setError(ok ? null : myMessages.aliasInvalid);
    if (ok && !save.isPending) save.mutate();
  };
  return (
    <FormSection
      title={myMessages.profileTitle}
      description={myMessages.profileDescription}
      onSubmit={submit}
    >
      <TextField
        label={myMessages.alias}
        name="alias"
        value={value}
        onValueChange={setValue}
        error={error ?? undefined}
        maxLength={ALIAS_MAX}
      />
      <fieldset className={styles.avatarSet}>
        <legend className={styles.avatarLegend}>{myMessages.avatar}</legend>
        {AVATARS.map((emoji) => (
          <label key={emoji} className={styles.avatarChoice}>
            <input
              type="radio"
              name="avatar"
              value={emoji}
              checked={avatar === emoji}
              onChange={() => setAvatar(emoji)}
            />
            <span aria-hidden="true">{emoji}</span>
            <span className="visually-hidden">{myMessages.avatarOption(emoji)}</span>
          </label>
        ))}
      </fieldset>
      {failure !== null && <NoticeMessage tone="error">{failure}</NoticeMessage>}
      <Button type="submit" block busy={save.isPending}>
        {myMessages.saveProfile}
      </Button>
    </FormSection>
  );
}
