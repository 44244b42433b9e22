/**
 * The ORM log label of statements run by jobs (`em.fork({ loggerContext: JOB_LOG_CONTEXT })`): a log
 * (or a test counting a request's statements) tells background work from the request's own.
 */
export const JOB_LOG_CONTEXT = { label: 'job' } as const;
