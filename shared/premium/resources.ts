/** GET /api/premium/resources: the premium hub, for premium sessions only. */
export interface PremiumResources {
  slackInviteUrl: string;
  coachingBookingUrl: string;
  sections: { slug: string; title: string; summary: string; html: string }[];
}
