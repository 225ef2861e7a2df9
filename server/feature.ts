import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from './context';
import type { ScheduledJob } from './jobs/runner';
import type { Transport } from './mail/transport';
import type { PersonalData } from './personal-data';
import type { PageLookup } from './rendering/builder';

/**
 * What a feature knows about one of the site's pages before it is drawn (its data, whether it
 * exists), or undefined when the path is not one of its pages. Called only for paths of the
 * route table, without a request when pages are drawn ahead at start.
 */
export type Lookup = (pathname: string, query: URLSearchParams, request?: FastifyRequest) => Promise<PageLookup | undefined>;

/** What every feature's scheduled jobs are given. */
export interface JobDeps {
  ctx: AppContext;
  /** Pooled SMTP connections of their own, for sending editions at the configured rate. */
  bulkTransport: Transport;
  /** True once the server is stopping: long work ends after what is in flight. */
  isStopping: () => boolean;
  log: FastifyBaseLogger;
}

/**
 * One server feature as the app puts it together (server/features.ts lists them all): a feature
 * folder exports one, and nothing outside its folder names its routes, pages, jobs or its part of
 * a member's data. Its tables are declared in its folder's schema.ts.
 *
 * `Services` is what its routes and lookups are given: the context, and those of the app's shared
 * services it uses (the content store, search, the page builder), so each feature states its own.
 */
export interface Feature<Services extends { ctx: AppContext } = { ctx: AppContext }> {
  /** Its folder's name under server/features/. */
  name: string;
  /** Its public and admin routes, registered as one plugin; each admin route file guards itself. */
  routes: FastifyPluginAsync<Services>;
  /** Its pages the server draws with their data. Each answers for paths no other feature's lookup does. */
  lookups?: (services: Services) => Lookup[];
  /** Its scheduled work, and when (pg-boss runs each once across servers). */
  jobs?: (deps: JobDeps) => ScheduledJob[];
  /**
   * What it does with its tables' rows about a person when the member downloads their data or
   * their account is deleted; needed as soon as one of its tables has a user column or an email.
   */
  personalData?: PersonalData;
}
