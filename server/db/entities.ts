import {
  PasswordResetToken,
  RecoveryCode,
  SecondFactorSetting,
  SecurityEvent,
  StaffSession,
  TotpFactor,
} from '../accounts/index.js';
import { Admin } from '../admins/admin.entity.js';
import { ConsumerUnsubscribe } from '../consumer-links/consumer-unsubscribe.entity.js';
import { OrderEvent } from '../audit/order-event.entity.js';
import { Holiday } from '../holidays/holiday.entity.js';
import { OrderCall } from '../informed/order-call.entity.js';
import { ImportJob } from '../imports/import-job.entity.js';
import { ImportSetting } from '../imports/import-setting.entity.js';
import { ConsumerMessage } from '../messages/consumer-message.entity.js';
import { MessageSetting } from '../message-settings/message-setting.entity.js';
import { Order } from '../orders/index.js';
import { ConsumerReply } from '../replies/consumer-reply.entity.js';
import { ScheduleConfirmation } from '../schedule/index.js';
import { MailOpen } from '../statistics/mail-open.entity.js';
import { SiteVisit } from '../statistics/site-visit.entity.js';
import { Technician } from '../technicians/index.js';
import { VisitRating } from '../ratings/visit-rating.entity.js';
import { VisitStatus } from '../visits/visit-status.entity.js';
import { SelfMoveSetting } from '../self-move/self-move-setting.entity.js';
import { DataRequest, DataRequestSetting } from '../data-requests/index.js';
import { InboundSms } from '../sms-replies/index.js';
import { VisitPhoto, VisitRecord } from '../visit-records/index.js';
import { Passkey, PasskeyChallenge } from '../passkeys/index.js';

/** Every entity, listed explicitly: no folder scanning at start-up. */
export const ENTITIES = [
  Admin,
  Technician,
  Order,
  ScheduleConfirmation,
  ImportSetting,
  Holiday,
  SiteVisit,
  MailOpen,
  PasswordResetToken,
  // signed-in devices of staff
  StaffSession,
  // second factors of staff
  TotpFactor,
  RecoveryCode,
  SecondFactorSetting,
  SecurityEvent,
  ImportJob,
  // consumer replies
  ConsumerReply,
  // audit trail
  OrderEvent,
  // the technician's visit day
  VisitStatus,
  // addresses that stopped consumer messages (hashed)
  ConsumerUnsubscribe,
  // text messages consumers send back
  InboundSms,
  // consumer messages
  ConsumerMessage,
  MessageSetting,
  // the consumer's rating of a finished visit
  VisitRating,
  // the call list's call statuses
  OrderCall,
  // self-service moves per country
  SelfMoveSetting,
  // the technician's record of a visit and its photos
  VisitRecord,
  VisitPhoto,
  // a person's data on request: the settings per country and the audit of requests
  DataRequestSetting,
  DataRequest,
  // staff passkeys, their challenges, and the audit of an admin's acts on another account's sign-in
  Passkey,
  PasskeyChallenge,
];
