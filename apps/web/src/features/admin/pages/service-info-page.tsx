import {
  adminServiceInfoGetEndpoint,
  adminServiceInfoUpdateEndpoint,
  adminServiceInfoUpdateRequestSchema,
  type AdminServiceInfo,
} from '@hamkke/contract/admin/service-info';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminContentMessages as c } from '@/shared/messages/admin-content.ts';
import { formatSeoulDateTime } from '@/shared/format/date.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { Input } from './challenge-forms.tsx';
import { fieldError, TextArea } from './content-fields.tsx';
import { LoadedView } from './parts.tsx';
import { EditorForm, useSchemaForm } from '../shell/editor-form.tsx';
import { AdminScreen, StatusLine } from '../shell/screen.tsx';

/** The app's service information page (/my → 서비스 안내): one text, shown at once when saved. */
export function ServiceInfoPage() {
  const page = useQuery(consoleQuery(adminServiceInfoGetEndpoint, {}));
  return (
    <AdminScreen headingId="service-info-heading" heading={c.serviceInfo.heading}>
      <p className={styles.muted}>{c.serviceInfo.note}</p>
      <LoadedView query={page}>{(data) => <ServiceInfoForm page={data} />}</LoadedView>
    </AdminScreen>
  );
}

function ServiceInfoForm({ page }: { page: AdminServiceInfo }) {
  const [updatedAt, setUpdatedAt] = useState(page.updatedAt);
  const [saved, setSaved] = useState(false);
  const form = useSchemaForm(adminServiceInfoUpdateRequestSchema, {
    title: page.title,
    content: page.content,
  });
  const { register, formState } = form;
  const error = (path: string) => fieldError(formState.errors, path, c.serviceInfo.fieldErrors);
  const save = useConsoleMutation(adminServiceInfoUpdateEndpoint);
  return (
    <EditorForm
      form={form}
      noValidate
      onValid={async (values) => {
        setSaved(false);
        const result = await save.mutateAsync(values);
        setUpdatedAt(result.updatedAt);
        setSaved(true);
      }}
      refusal={c.serviceInfo}
      submitLabel={c.save}
      status={<StatusLine text={saved ? c.serviceInfo.saved : null} />}
    >
      {updatedAt && <p className={styles.muted}>{c.serviceInfo.updatedAt(formatSeoulDateTime(updatedAt))}</p>}
      <Input label={c.serviceInfo.title} error={error('title')} {...register('title')} />
      <TextArea label={c.serviceInfo.content} rows={18} error={error('content')} {...register('content')} />
    </EditorForm>
  );
}
