/**
 * The ORM log label of statements run by jobs (`em.fork({ loggerContext: JOB_LOG_CONTEXT })`): a log
 * (or a test counting a request's statements) tells background work from the request's own.
 */
export const JOB_LOG_CONTEXT = { label: 'job' } as const;

/**
 * The ORM log label of statements that fill a process-wide cache (the holidays): they serve every request that
 * comes after, so they are counted as no request's own.
 */
export const CACHE_LOG_CONTEXT = { label: 'cache' } as const;
