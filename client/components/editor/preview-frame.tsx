import { Monitor, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../ui/button';

/**
 * The live preview beside the editor, at desktop or phone width. Sandboxed: the previewed HTML
 * runs no script, submits no form and cannot navigate the admin page. A page of the site is
 * previewed with the site's origin (`sameOrigin`) so that its images and logo load as on the
 * site (they are served same-origin only); without scripts that origin gives it nothing more.
 */
export function PreviewFrame({ heading, title, html, sameOrigin = false }: { heading: string; title: string; html: string; sameOrigin?: boolean }) {
  const [width, setWidth] = useState<'desktop' | 'phone'>('desktop');
  return (
    <div className="grid content-start gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold text-stone-900">{heading}</h3>
        <div role="group" aria-label="Preview width" className="flex gap-1">
          <Button size="sm" variant={width === 'desktop' ? 'primary' : 'outline'} aria-pressed={width === 'desktop'} onClick={() => setWidth('desktop')}>
            <Monitor className="h-4 w-4" aria-hidden="true" /> Desktop
          </Button>
          <Button size="sm" variant={width === 'phone' ? 'primary' : 'outline'} aria-pressed={width === 'phone'} onClick={() => setWidth('phone')}>
            <Smartphone className="h-4 w-4" aria-hidden="true" /> Phone
          </Button>
        </div>
      </div>
      <div className="overflow-x-auto rounded-lg border border-stone-300 bg-stone-100 p-2">
        <iframe
          title={title}
          sandbox={sameOrigin ? 'allow-same-origin' : ''}
          srcDoc={html}
          className="mx-auto block h-[640px] rounded bg-white"
          style={{ width: width === 'phone' ? 375 : '100%', maxWidth: '100%' }}
        />
      </div>
    </div>
  );
}
