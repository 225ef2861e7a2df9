/** GET /api/premium/resources: the premium hub, for premium sessions only. */
export interface PremiumResources {
  slackInviteUrl: string;
  sections: { slug: string; title: string; summary: string; html: string }[];
}
