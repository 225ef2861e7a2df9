import { Cog, Compass, Flame, type LucideProps, Target, Users } from 'lucide-react';
import type { PillarSlug } from '#shared/content/pillars';

const icons = { impact: Target, humans: Users, fuel: Flame, gears: Cog, future: Compass } as const;

/** The one icon each pillar wears everywhere (guides, landing, resources); decorative. */
export function PillarIcon({ slug, ...props }: { slug: PillarSlug } & LucideProps) {
  const Icon = icons[slug];
  return <Icon aria-hidden="true" {...props} />;
}
