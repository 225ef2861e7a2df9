import { Bold, Heading2, ImagePlus, Italic, Link2, List, Quote } from 'lucide-react';
import { useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { TextAreaField } from '../ui/field';
import { ImageUpload } from './image-upload';
import { applyFormat, type Format, insertBlock, type TextState } from './markdown-toolbar';

const toolbar: { format: Format; label: string; Icon: typeof Bold }[] = [
  { format: 'heading', label: 'Heading', Icon: Heading2 },
  { format: 'bold', label: 'Bold', Icon: Bold },
  { format: 'italic', label: 'Italic', Icon: Italic },
  { format: 'link', label: 'Link', Icon: Link2 },
  { format: 'list', label: 'List', Icon: List },
  { format: 'quote', label: 'Quote', Icon: Quote },
];

const toolButton = 'inline-flex h-9 items-center gap-1 rounded-md border border-stone-300 bg-white px-2 text-sm text-stone-800 hover:bg-stone-100';

/**
 * The one way to write on the site (decision 031): the newsletter's editions and every page
 * and resource are Markdown written here, with a formatting toolbar and image upload. The toolbar
 * keeps the focus and the selection in the text, so a key typed right after a click lands there.
 */
export function MarkdownEditor({
  id,
  label = 'Body (Markdown)',
  value,
  onChange,
  error,
  maxLength,
  rows = 18,
  inputRef,
}: {
  id: string;
  label?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  maxLength: number;
  rows?: number;
  /** A form's hold on the text, to focus it when it is the first field in error. */
  inputRef?: (element: HTMLTextAreaElement | null) => void;
}) {
  const area = useRef<HTMLTextAreaElement | null>(null);
  const setArea = useCallback(
    (element: HTMLTextAreaElement | null) => {
      area.current = element;
      inputRef?.(element);
    },
    [inputRef],
  );
  const [uploading, setUploading] = useState(false);
  const uploadId = useId();
  // Where an image goes: the caret when the upload panel was opened.
  const caret = useRef<TextState | null>(null);
  // The selection to restore once the changed text is on screen: set in the same commit.
  const pendingSelection = useRef<{ start: number; end: number } | null>(null);
  useLayoutEffect(() => {
    const selection = pendingSelection.current;
    if (!area.current || !selection) return;
    pendingSelection.current = null;
    area.current.setSelectionRange(selection.start, selection.end);
  }, [value]);

  const apply = (next: TextState) => {
    area.current?.focus();
    pendingSelection.current = { start: next.start, end: next.end };
    onChange(next.text);
  };
  const format = (kind: Format) => {
    if (!area.current) return;
    apply(applyFormat({ text: value, start: area.current.selectionStart, end: area.current.selectionEnd }, kind));
  };
  const openUpload = () => {
    caret.current = area.current
      ? { text: value, start: area.current.selectionStart, end: area.current.selectionEnd }
      : { text: value, start: value.length, end: value.length };
    setUploading((open) => !open);
  };

  return (
    <div className="grid gap-1.5">
      <div role="toolbar" aria-label="Formatting" aria-controls={id} className="flex flex-wrap gap-1">
        {toolbar.map(({ format: kind, label: name, Icon }) => (
          <button key={kind} type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => format(kind)} className={toolButton}>
            <Icon className="h-4 w-4" aria-hidden="true" />
            {name}
          </button>
        ))}
        <button type="button" aria-expanded={uploading} aria-controls={uploadId} onClick={openUpload} className={toolButton}>
          <ImagePlus className="h-4 w-4" aria-hidden="true" />
          Image
        </button>
      </div>
      {uploading && (
        <ImageUpload
          id={uploadId}
          onCancel={() => setUploading(false)}
          onUploaded={(markdown) => {
            setUploading(false);
            const at = caret.current && caret.current.text === value ? caret.current : { text: value, start: value.length, end: value.length };
            apply(insertBlock(at, markdown));
          }}
        />
      )}
      <TextAreaField
        ref={setArea}
        id={id}
        label={label}
        rows={rows}
        className="font-mono"
        value={value}
        maxLength={maxLength}
        error={error}
        hint="## for a section heading, **bold**, *italic*, [link](https://…), - for a list, > for a quote, Image to upload a picture."
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
