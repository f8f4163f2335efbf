import { ALIAS_MAX, aliasSchema, avatarSchema } from '@hamkke/contract/user/links';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { apiErrorCode, errorMessageFor } from '@/shared/api/api-error.ts';
import { fieldText } from '@/shared/lib/field-errors.ts';
import { useSessionStore } from '@/shared/stores/session-store.ts';
import { Button } from '@/shared/ui/button.tsx';
import { FormSection } from '@/shared/ui/form-section.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { BoundTextField } from '@/shared/ui/bound-text-field.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import { updateProfile } from '../api/account.ts';
import styles from './my.module.css';
import { myMessages } from '@/shared/messages/my.ts';

const AVATARS = ['🙂', '🐻', '🐰', '🦊', '🐼', '🐣', '🌻', '⭐'] as const;

/** The contract's profile fields: the alias always sent, the avatar when one is picked (none: null). */
const profileFormSchema = z.object({ alias: aliasSchema, avatar: avatarSchema.nullish() });
type ProfileFields = z.output<typeof profileFormSchema>;

/**
 * What others see of me in teams: the alias and an avatar. A parent's is the master account's
 * (`user/update-master`); a child changes their own (`user/update-children`).
 */
export function ProfileForm({ accountType, alias }: { accountType: 'PARENT' | 'CHILD'; alias: string }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, register, handleSubmit, formState, setError } = useForm<
    z.input<typeof profileFormSchema>,
    unknown,
    ProfileFields
  >({
    resolver: standardSchemaResolver(profileFormSchema),
    defaultValues: { alias },
  });
  const save = useMutation({
    mutationFn: ({ alias: newAlias, avatar }: ProfileFields) =>
      updateProfile(accountType, { alias: newAlias, ...(avatar == null ? {} : { avatar }) }),
    onSuccess: async (person) => {
      useSessionStore.setState((state) =>
        state.userInfo ? { userInfo: { ...state.userInfo, alias: person.alias } } : state,
      );
      showToast(myMessages.profileSaved);
      await queryClient.invalidateQueries();
    },
    onError: (cause) => {
      if (apiErrorCode(cause) === 'FORBIDDEN_WORD') {
        setError('alias', { type: 'server', message: myMessages.aliasForbidden });
      } else setFailure(errorMessageFor(cause));
    },
  });
  const submit = handleSubmit((fields) => {
    if (!save.isPending) save.mutate(fields);
  });
  return (
    <FormSection
      title={myMessages.profileTitle}
      description={myMessages.profileDescription}
      onSubmit={(event) => {
        setFailure(null);
        void submit(event);
      }}
    >
      <BoundTextField
        control={control}
        label={myMessages.alias}
        name="alias"
        error={fieldText(formState.errors.alias, myMessages.aliasInvalid)}
        maxLength={ALIAS_MAX}
      />
      <fieldset className={styles.avatarSet}>
        <legend className={styles.avatarLegend}>{myMessages.avatar}</legend>
        {AVATARS.map((emoji) => (
          <label key={emoji} className={styles.avatarChoice}>
            <input type="radio" value={emoji} {...register('avatar')} />
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
