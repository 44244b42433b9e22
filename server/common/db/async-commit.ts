/**
 * A `FROM` item that makes the transaction of the statement holding it commit without waiting for its WAL to reach
 * the disk (`synchronous_commit = off`, for that transaction only: PostgreSQL reads the setting when it commits).
 * Only for writes whose last few hundred milliseconds a crash may forget without harm: rate-limit counters (a crash
 * gives a few attempts back) and the site visits of the statistics (a crash drops a few). Orders, accounts and
 * everything a person entered stay durable. The statement's answer still comes after the write is made and visible,
 * so nothing changes for the caller but the fsync it no longer waits for (several milliseconds each, which held a
 * pooled connection per commit).
 */
export const ASYNC_COMMIT_FROM = `(select set_config('synchronous_commit', 'off', true)) as async_commit`;
