import * as Dialog from '@radix-ui/react-dialog';
import { type ButtonHTMLAttributes, type ReactElement, useState } from 'react';
import { Button } from './button';

interface ConfirmProps {
  title: string;
  /** What will happen, in plain words, before it happens. */
  description: string;
  confirmLabel: string;
  /** The button that changes nothing; "Cancel" unless that would read like the action (cancelling a schedule). */
  cancelLabel?: string;
  destructive?: boolean;
  onConfirm: () => void;
  /** Called as the dialog opens: to refresh a figure its description gives (the send dialog's recipient count). */
  onOpen?: () => void;
  /** A plain <button>: on the Preact runtime Radix needs its ref to give focus back. */
  trigger: ReactElement<ButtonHTMLAttributes<HTMLButtonElement>, 'button'>;
}

/** A yes-or-no before something changes for good (docs/product.md §5: the admin's deletions; a member's deletion of a Check-Up). */
export function Confirm({ title, description, confirmLabel, cancelLabel = 'Cancel', destructive, onConfirm, onOpen, trigger }: ConfirmProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) onOpen?.();
        setOpen(next);
      }}
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-900/60" />
        <Dialog.Content role="alertdialog" className="fixed inset-x-3 top-[20vh] z-50 mx-auto max-w-md rounded-xl bg-white p-6 shadow-2xl outline-none">
          <Dialog.Title className="font-serif text-xl font-bold text-stone-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-stone-700">{description}</Dialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="outline">{cancelLabel}</Button>
            </Dialog.Close>
            <Button
              variant={destructive ? 'destructive' : 'primary'}
              onClick={() => {
                setOpen(false);
                onConfirm();
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const smallButton = 'inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-semibold';
/** The small outlined button of a table row (Lift, Export…). */
export const smallOutlineButton = `${smallButton} border border-stone-300 bg-white text-stone-900 hover:bg-stone-100`;
/** The small red-outlined button that opens a Confirm before deleting. */
export const smallDeleteButton = `${smallButton} border border-red-700 text-red-800 hover:bg-red-50`;
