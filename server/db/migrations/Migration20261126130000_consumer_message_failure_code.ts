import { Migration } from '@mikro-orm/migrations';

/**
 * Why a message failed or was skipped, as a code the admin's screen explains in Dutch and French; `last_error`
 * keeps the provider's words. The skips were written by us in fixed words, so they get their codes; every other
 * reason stored so far (and a failure whose reason was purged) gets the generic one.
 */
export class Migration20261126130000_consumer_message_failure_code extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "consumer_messages" add column "failure_code" varchar(40) null;`);
    this.addSql(`update "consumer_messages" set "failure_code" = case "last_error"
        when 'messages are switched off for the country' then 'SKIPPED_MESSAGES_OFF'
        when 'the address was removed after the visit' then 'SKIPPED_ADDRESS_REMOVED'
        when 'unsubscribed' then 'SKIPPED_UNSUBSCRIBED'
        when 'the technician is no longer on the way' then 'SKIPPED_NOT_ON_THE_WAY'
        when 'the order was deleted' then 'SKIPPED_VISIT_CHANGED'
        when 'the visit is no longer finished' then 'SKIPPED_VISIT_CHANGED'
        when 'the visit ended without a visit to rate' then 'SKIPPED_VISIT_CHANGED'
        when 'the visit can no longer be rated' then 'SKIPPED_VISIT_CHANGED'
        else 'UNKNOWN' end
      where "last_error" is not null or "status" = 'FAILED';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "consumer_messages" drop column "failure_code";`);
  }
}
