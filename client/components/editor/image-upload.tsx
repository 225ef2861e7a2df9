import { useState } from 'react';
import { adminApiPaths } from '#shared/api/admin-paths';
import { IMAGE_LIMITS, imageTypes, type UploadedImage } from '#shared/content/pages';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { ApiError, apiRequest, errorText } from '../../lib/api';

/**
 * Uploading an image into the text: a PNG, JPEG, WebP or GIF of at most 5 MB, with
 * alt text (required: it is what a screen reader says, and what shows if the image cannot load).
 * The server checks the file's bytes and answers with the Markdown to insert.
 */
export function ImageUpload({ id, onUploaded, onCancel }: { id: string; onUploaded: (markdown: string) => void; onCancel: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<{ file?: string; alt?: string }>({});
  const [busy, setBusy] = useState(false);

  const upload = async () => {
    const found: { file?: string; alt?: string } = {};
    if (!file) found.file = 'Choose an image to upload (PNG, JPEG, WebP or GIF)';
    else if (file.size > IMAGE_LIMITS.bytes) found.file = 'The image is larger than 5 MB';
    if (!alt.trim()) found.alt = 'Alt text is required: describe the image for people who cannot see it';
    setErrors(found);
    if (found.file || found.alt || !file) return;
    setBusy(true);
    try {
      const image = await apiRequest<UploadedImage>('POST', `${adminApiPaths.adminImages}?alt=${encodeURIComponent(alt.trim())}`, file);
      onUploaded(image.markdown);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.errors : undefined;
      setErrors({
        file: fieldErrors?.file ?? (fieldErrors?.alt ? undefined : errorText(error, 'The image was not uploaded. Please try again.')),
        alt: fieldErrors?.alt,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div id={id} role="group" aria-label="Upload an image" className="grid gap-3 rounded-lg border border-stone-300 bg-stone-50 p-3">
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-file`} className="text-sm font-medium text-stone-900">
          Image file
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept={imageTypes.join(',')}
          aria-invalid={Boolean(errors.file)}
          aria-describedby={`${id}-file-hint${errors.file ? ` ${id}-file-error` : ''}`}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          className="text-sm text-stone-800 file:mr-3 file:rounded-md file:border file:border-stone-300 file:bg-white file:px-3 file:py-1.5"
        />
        <p id={`${id}-file-hint`} className="text-sm text-stone-600">
          PNG, JPEG, WebP or GIF, at most 5 MB. Wide images are scaled to 1600 px, with a smaller copy for phones.
        </p>
        {errors.file && (
          <p id={`${id}-file-error`} role="alert" className="text-sm text-red-700">
            {errors.file}
          </p>
        )}
      </div>
      <TextField
        label="Alt text"
        hint="What the image shows, for people who cannot see it."
        value={alt}
        maxLength={IMAGE_LIMITS.alt}
        error={errors.alt}
        onChange={(event) => setAlt(event.target.value)}
      />
      <div className="flex gap-2">
        <Button size="sm" onClick={() => void upload()} disabled={busy}>
          {busy ? 'Uploading...' : 'Upload and insert'}
        </Button>
        <Button size="sm" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
