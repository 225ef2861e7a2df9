/**
 * What an editor says about its draft: that unsaved text from earlier was brought back, and that
 * a save was refused because the item changed meanwhile (the text stays in the editor).
 */
export function DraftNotices({ restored, conflict }: { restored: boolean; conflict: string | null }) {
  return (
    <>
      {restored && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Your unsaved changes from earlier were restored.
        </p>
      )}
      {conflict && (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-800">
          {conflict}
        </p>
      )}
    </>
  );
}
