import { Trans } from '@lingui/react/macro';
import { failureText } from '../lib/problemText.js';
import { t } from '@lingui/core/macro';
import { useId, useState } from 'react';
import { uploadImage } from '../lib/uploadImage.js';

/**
 * 'Upload photo' beside a 'Photo URL' field: uploads the chosen file
 * and writes its URL into the input `inputId`. Needs a signed-in user, so the
 * register page uploads after sign-up (see `pendingFile`).
 */
export function ProfilePhotoUpload({ inputId, onFile }: { inputId: string; onFile?: (file: File) => void }) {
  const id = useId();
  const [status, setStatus] = useState('');

  async function choose(file: File | undefined) {
    if (!file) return;
    if (onFile) {
      onFile(file);
      const name = file.name;
      setStatus(t`${name} will be uploaded when you register.`);
      return;
    }
    setStatus(t`Uploading…`);
    try {
      const { url } = await uploadImage(file);
      const input = document.getElementById(inputId) as HTMLInputElement | null;
      if (input) input.value = url;
      setStatus(t`Photo uploaded. Save to use it.`);
    } catch (err) {
      setStatus(failureText(err));
    }
  }

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        <Trans>Upload photo</Trans>
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        className="field-file w-full"
        onChange={(e) => void choose(e.currentTarget.files?.[0])}
      />
      <p role="status" className="text-sm text-base-content/70">
        {status}
      </p>
    </div>
  );
}
