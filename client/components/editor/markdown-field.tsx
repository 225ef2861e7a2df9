import type { ComponentProps } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { MarkdownEditor } from './markdown-editor';

type EditorProps = Omit<ComponentProps<typeof MarkdownEditor>, 'value' | 'onChange' | 'error' | 'inputRef'>;

/**
 * The Markdown editor as a form's field: its text, its error and the focus when it is the first
 * field in error. A component of its own so that it joins the form after the fields drawn above
 * it, and the first field in error on screen is the one focused.
 */
export function MarkdownField<T extends FieldValues, V extends FieldValues>({
  control,
  name,
  ...editor
}: EditorProps & { control: Control<T, unknown, V>; name: FieldPath<T> }) {
  const { field, fieldState } = useController({ control, name });
  return <MarkdownEditor {...editor} value={field.value as string} onChange={field.onChange} error={fieldState.error?.message} inputRef={field.ref} />;
}
