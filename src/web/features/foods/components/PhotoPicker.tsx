import { t } from '@lingui/core/macro';
import { failureText } from '../../../lib/problemText.js';
import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { FOOD_GALLERY_MAX } from '../../../../contract/limits.js';
import { uploadImage } from '../../../lib/uploadImage.js';
import { Photo } from '../../../ui/Photo.js';

/** Photos per listing: `FoodImage` and up to `FOOD_GALLERY_MAX` in `FoodGallery`. */
export const MAX_PHOTOS = 1 + FOOD_GALLERY_MAX;

/**
 * 'Upload photos' of the add and update food forms: a file picker
 * (`accept="image/*"`, which offers the camera on phones), drag and drop onto the
 * box, and paste anywhere on the page. Thumbnails have 'Move left', 'Move right'
 * and 'Remove' buttons; the first photo is the listing's `FoodImage`. Progress,
 * errors and moves are announced in a polite live region.
 */
export function PhotoPicker({ photos, onChange }: { photos: string[]; onChange: (photos: string[]) => void }) {
  const id = useId();
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const focusAfterMove = useRef<string | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // The paste listener and an upload in progress read the current photos through this.
  const latest = useRef(photos);
  useEffect(() => {
    latest.current = photos;
  }, [photos]);

  async function add(files: File[]) {
    const images = files.filter((f) => f.type === '' || f.type.startsWith('image/'));
    const room = MAX_PHOTOS - latest.current.length;
    if (images.length === 0) return;
    if (room <= 0) return setStatus(t`At most ${MAX_PHOTOS} photos.`);
    setBusy(true);
    let next = latest.current;
    try {
      for (const [i, file] of images.slice(0, room).entries()) {
        setStatus(t`Uploading photo ${i + 1} of ${Math.min(images.length, room)}…`);
        const { url } = await uploadImage(file);
        if (!next.includes(url)) next = [...next, url];
        onChange(next);
      }
      setStatus(images.length > room ? t`Uploaded; at most ${MAX_PHOTOS} photos, the rest were left out.` : t`Uploaded.`);
    } catch (err) {
      setStatus(failureText(err));
    } finally {
      setBusy(false);
    }
  }

  // Paste anywhere on the page while the form is open: images on the clipboard are uploaded.
  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      const files = [...(e.clipboardData?.files ?? [])];
      if (files.length) {
        e.preventDefault();
        void add(files);
      }
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `add` reads the latest photos through a ref.
  }, []);

  // After the form is sent and reset, "Uploaded." belongs to the listing just added, not the next one.
  useEffect(() => {
    const form = fileInput.current?.form;
    if (!form) return;
    const clear = () => setStatus('');
    form.addEventListener('reset', clear);
    return () => form.removeEventListener('reset', clear);
  }, []);

  useEffect(() => {
    const key = focusAfterMove.current;
    if (!key) return;
    focusAfterMove.current = null;
    list.current?.querySelector<HTMLButtonElement>(`[data-focus-key="${CSS.escape(key)}"]`)?.focus();
  }, [photos]);

  function move(from: number, to: number, side: 'left' | 'right') {
    const next = [...photos];
    const [url] = next.splice(from, 1);
    next.splice(to, 0, url!);
    // Keep focus on the same button of the moved photo, or on its other move button at an end.
    const edge = (side === 'left' && to === 0) || (side === 'right' && to === next.length - 1);
    focusAfterMove.current = `${url}|${edge ? (side === 'left' ? 'right' : 'left') : side}`;
    onChange(next);
    setStatus(t`Photo moved to position ${to + 1} of ${next.length}.`);
  }

  function remove(index: number) {
    onChange(photos.filter((_, i) => i !== index));
    setStatus(t`Photo ${index + 1} removed.`);
  }

  return (
    <div className="flex flex-col gap-2 md:col-span-2">
      <div
        className={`flex flex-col gap-1 rounded-box border-2 border-dashed p-4 ${dragging ? 'border-primary bg-base-200' : 'border-base-300'}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          void add([...e.dataTransfer.files]);
        }}
      >
        <label htmlFor={`${id}-files`} className="font-medium">
          <Trans>Upload photos</Trans>
        </label>
        <input
          ref={fileInput}
          id={`${id}-files`}
          type="file"
          accept="image/*"
          multiple
          disabled={busy || photos.length >= MAX_PHOTOS}
          aria-describedby={`${id}-hint`}
          className="field-file w-full"
          onChange={(e) => {
            const files = [...(e.currentTarget.files ?? [])];
            e.currentTarget.value = '';
            void add(files);
          }}
        />
        <p id={`${id}-hint`} className="text-sm text-base-content/70">
          <Trans>Up to {MAX_PHOTOS} photos: choose, drop or paste them. The first one is the Food Image URL.</Trans>
        </p>
      </div>
      <p role="status" aria-live="polite" className="text-sm">
        {status}
      </p>
      {photos.length > 0 && (
        <ul ref={list} aria-label={t`Uploaded photos`} className="flex flex-wrap gap-3">
          {photos.map((url, i) => (
            <li key={url} className="flex flex-col items-center gap-1 rounded-box border border-base-300 p-2">
              <Photo src={url} alt={t`Photo ${i + 1} of ${photos.length}`} width={128} height={96} sizes="128px" className="h-24 w-32 rounded object-cover" />
              <div className="flex gap-1">
                <button type="button" className="btn btn-xs" data-focus-key={`${url}|left`} aria-label={t`Move left, photo ${i + 1}`} disabled={i === 0} onClick={() => move(i, i - 1, 'left')}>
                  <Trans>Move left</Trans>
                </button>
                <button type="button" className="btn btn-xs" data-focus-key={`${url}|right`} aria-label={t`Move right, photo ${i + 1}`} disabled={i === photos.length - 1} onClick={() => move(i, i + 1, 'right')}>
                  <Trans>Move right</Trans>
                </button>
                <button type="button" className="btn btn-xs" aria-label={t`Remove, photo ${i + 1}`} onClick={() => remove(i)}>
                  <Trans>Remove</Trans>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
