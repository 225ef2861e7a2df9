import { clsx } from 'clsx';
import type { ReactNode } from 'react';

interface FiguresTableProps {
  caption: string;
  headers: string[];
  /** Each row's first cell names it, and is its key. */
  rows: [string, ...ReactNode[]][];
  /** Draws the first cell of a row, which is text (a link to it, say). */
  first?: (value: string) => ReactNode;
  /** The caption as a heading over the table, or only for screen readers (a heading outside says it). */
  captionShown?: boolean;
  className?: string;
}

/**
 * A small table of figures in the admin's reports: it scrolls inside a labelled, focusable
 * region, so a wide one stays usable at 375 px with the keyboard too.
 */
export function FiguresTable({ caption, headers, rows, first = (value) => value, captionShown = false, className }: FiguresTableProps) {
  return (
    <div role="region" aria-label={caption} tabIndex={0} className={clsx('overflow-auto rounded border border-stone-200', className)}>
      <table className="min-w-full text-left text-sm">
        <caption className={captionShown ? 'px-2 py-2 text-left font-semibold text-stone-900' : 'sr-only'}>{caption}</caption>
        <thead className="bg-stone-50">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-2 py-1">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, ...cells]) => (
            <tr key={name} className="border-t border-stone-200">
              <td className="break-all px-2 py-1">{first(name)}</td>
              {cells.map((cell, i) => (
                <td key={i} className="px-2 py-1">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
