/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** Outcome of a password-reset step. */
export type AccountNotice =
  /** A reset mail is on its way. */
  | 'EMAIL_SENT'
  /** The new password is set; every earlier session and reset link has ended. */
  | 'PASSWORD_UPDATED';

/** The fields of an admin, for creating and editing. */
export type AdminInput = {
  /** Sign-in e-mail address; unique among admins. */
  email: string;
  /** First name (required). */
  firstname: string;
  /** An inactive admin cannot sign in; default false. */
  inactive?: boolean;
  /** Last name (required). */
  lastname: string;
  /** What the account may do: a new account is an ADMIN when not given; on an edit, null keeps it. */
  role?: OfficeRole | null | undefined;
};

/** Orders by when the technician reached the address: the "Aangekomen" tap, or "Afgerond" when that was skipped. */
export type ArrivalFilter =
  /** Reached after the end of the window. */
  | 'LATE'
  /** Reached by the end of the window (an early arrival is on time). */
  | 'ON_TIME'
  /** Reached, on time or late. */
  | 'REACHED';

/** The whole schedule as the technician confirms it: every order of the day exactly once. */
export type ConfirmScheduleInput = {
  /** Every order of the schedule date, in time order. */
  appointments: Array<ScheduleAppointmentInput>;
  /** The date the planner showed. When given and the schedule has moved to another day since, the confirm is refused. */
  date?: string | null | undefined;
};

/** A country the service works in. */
export type Country =
  | 'BE'
  | 'NL';

/** A new holiday. */
export type CreateHolidayInput = {
  /** The country the holiday applies to. */
  country: Country;
  /** The calendar date, YYYY-MM-DD. */
  date: string;
  /** Save even when active orders fall on the date (list them first with `activeOrdersOnDate`). Without it such a date is refused with HOLIDAY_HAS_ORDERS (`extensions.orderCount`). */
  saveDespiteOrders?: boolean | null | undefined;
};

/** A new order. Every field is checked; problems come back per field in `extensions.fields`. */
export type CreateOrderInput = {
  /** Start of the visit window: a whole hour from 07:00 to 18:00 in the order's country, on today or a later day there. */
  appointment: string;
  /** City. */
  city: string;
  /** The order's country; the site's country when omitted. */
  country?: Country | null | undefined;
  /** Length of the visit window in seconds; always 10800. */
  duration?: number | null | undefined;
  /** Customer e-mail address. */
  email: string;
  /** House number, digits only. */
  houseNumber: string;
  /** House-number addition, at most 10 characters: letters and digits ("a", "2", "bis"); empty is none. */
  houseNumberAddition?: string | null | undefined;
  /** The consumer's language; when omitted, a Belgian postcode's region decides, else the country's. */
  language?: Language | null | undefined;
  /** Customer name. */
  name: string;
  /** Customer phone number, in any usual notation. */
  phone: string;
  /** Unique reference number: letters, digits and . _ / -. */
  referenceNumber: string;
  /** A special order (legacy flag 1); false when omitted. */
  special?: boolean | null | undefined;
  /** Street name, at most 200 characters; empty is none. */
  street?: string | null | undefined;
  /** The technician's database id or personal number (N-number). */
  technician: string;
  /** Postcode: 1234 AB (NL) or 1000 (BE). */
  zipcode: string;
};

/** A new technician; a reset mail then lets it set its password. */
export type CreateTechnicianInput = {
  /** Country whose working days the technician follows; default the site's country. */
  country?: Country | null | undefined;
  /** Sign-in e-mail address; unique among technicians. */
  email: string;
  /** First name (required); shown in the planner greeting. */
  firstname: string;
  /** Last name (required). */
  lastname: string;
  /** The personal N-number; unique, and not editable later. */
  personalNumber: string;
  /** Usual start hour, 7-20; default 8. */
  startingTime?: number | null | undefined;
};

/** New values of one import window. */
export type ImportSettingInput = {
  /** The planned times the rule matches: '<HH:MM', 'HH:MM/HH:MM' or '>=HH:MM' (whole hours 07-20). */
  timeBetween: string;
  /** The visit window matching orders get, 'HH:MM/HH:MM' (whole hours 07-20). */
  timeTo: string;
};

/** A language of the interface. */
export type Language =
  | 'FR'
  | 'NL';

/** What a consumer types to find the visit: postcode and house number in the Netherlands, phone number in Belgium. */
export type LookUpVisitsInput = {
  /** Which country's orders to search, and how: NL by address, BE by phone. Default: the site's country. */
  country?: Country | null | undefined;
  /** NL: the house number as typed; only the number counts (`12`, `12a`, `12 a` and `12-3` find 12). */
  houseNumber?: string | null | undefined;
  /** BE: the phone number as typed, with or without +32/0032/0, spaces, dots or slashes. */
  phoneNumber?: string | null | undefined;
  /** NL: the postcode as typed (`1234 ab` and `1234AB` are the same). */
  zipcode?: string | null | undefined;
};

/** Moves orders to another technician: all of them or, on any problem, none. */
export type MigrateOrdersInput = {
  /** The technician the orders belong to now; when omitted, they must all belong to one technician. The technician's database id or personal number (N-number). */
  fromTechnician?: string | null | undefined;
  /** Ids of the orders to move (at most 500). */
  orderIds: Array<number>;
  /** The receiving technician. The technician's database id or personal number (N-number). */
  toTechnician: string;
};

/** Sets a new password with the token from a reset mail. */
export type NewPasswordInput = {
  /** The new password: at least 6 characters for technicians, 10 for admins. */
  password: string;
  /** The token: the last part of the link in the mail. */
  token: string;
};

/** What an office account may do; the rule of each field is its @auth. */
export type OfficeRole =
  /** An active office account with every right: staff accounts, settings, imports and exports too. */
  | 'ADMIN'
  /** An active office account that plans: orders, call list, board, rescheduling and reassigning; not staff accounts, settings, imports or exports. */
  | 'DISPATCHER'
  /** An active office account that only reads: the console, the board and the office figures. */
  | 'VIEWER';

/** Narrows the orders list; all conditions must hold. */
export type OrderFilterInput = {
  /** By when the technician reached the address: on time (by the end of the window) or late. */
  arrival?: ArrivalFilter | null | undefined;
  country?: Country | null | undefined;
  /** true: only orders whose technician confirmed the order's day in the planner (the day is locked); false: only the others (no technician, or a day not confirmed). */
  dayConfirmed?: boolean | null | undefined;
  /** true: only deleted orders; false: only active ones; omitted: both. */
  deleted?: boolean | null | undefined;
  /** true: only orders an external company handles; false: only ours. */
  external?: boolean | null | undefined;
  /** true: only first visits; false: only follow-up visits (the same customer had a visit that ended with parts ordered or not done in the 60 days before). */
  firstVisit?: boolean | null | undefined;
  /** Appointments at or after this instant. */
  from?: string | null | undefined;
  /** true: only orders whose customer looked up the window on the consumer site; false: only the others. Needs `from`. */
  informed?: boolean | null | undefined;
  /** true: only orders on a holiday of the order's country; false: only the others. */
  onHoliday?: boolean | null | undefined;
  /** true: only orders the customer rated after the visit; false: only the others. */
  rated?: boolean | null | undefined;
  /** Exact reference number. */
  referenceNumber?: string | null | undefined;
  /** By the customer's reply. */
  reply?: ReplyFilter | null | undefined;
  /** Finds orders by any part of the customer name, city, e-mail address or reference (case and accents do not matter; at least 3 letters or digits in a row: punctuation alone is refused), by postcode with or without house number ("3511 CD 6"; an unreadable number is refused), or by phone number in any notation (at least 6 digits). A list that runs past its time answers LIST_TOO_BROAD: narrow it. */
  search?: string | null | undefined;
  /** true: only special orders; false: only the others. */
  special?: boolean | null | undefined;
  /** The technician's database id or personal number (N-number). */
  technician?: string | null | undefined;
  /** Appointments before this instant. */
  to?: string | null | undefined;
  /** By how the technician's visit ended (finished visits only). */
  visitOutcome?: VisitOutcomeFilter | null | undefined;
  /** true: only orders without a technician (imported without one, or whose technician was deleted); false: only those with one. */
  withoutTechnician?: boolean | null | undefined;
};

/** Asks for a password-reset mail. */
export type PasswordResetRequestInput = {
  /** E-mail address of the account. */
  email: string;
};

/** Gives an active order another technician. */
export type ReassignOrderInput = {
  /** The reference number of the order. */
  referenceNumber: string;
  /** The technician's database id or personal number (N-number). */
  technician: string;
};

/** Orders by the customer's reply on the visit page. */
export type ReplyFilter =
  /** Left an access note. */
  | 'ACCESS_NOTE'
  /** Any reply (an answer or an access note). */
  | 'ANY'
  /** Answered "at home". */
  | 'AT_HOME'
  /** Answered "call me". */
  | 'CALL_ME'
  /** No reply at all. */
  | 'NONE';

/** One order of the schedule with its start after the technician shifted it. */
export type ScheduleAppointmentInput = {
  /** The new start on the schedule date: in the hours 07 to 20, with the window ending by 22:00. */
  appointment: string;
  /** Window length in seconds; always 10800. */
  duration: number;
  /** The order id (legacy `appointment_id`). */
  orderId: number;
};

/** E-mail address and password of a technician or admin. */
export type SignInInput = {
  /** Sign-in e-mail address (case does not matter). */
  email: string;
  /** The password, in full. */
  password: string;
};

/** The editable fields of a technician (the personal number is not editable). */
export type UpdateTechnicianInput = {
  /** Country whose working days the technician follows; unchanged when absent. */
  country?: Country | null | undefined;
  /** Sign-in e-mail address; unique among technicians. */
  email: string;
  /** First name (required). */
  firstname: string;
  /** Last name (required). */
  lastname: string;
  /** Usual start hour, 7-20. */
  startingTime: number;
};

/** Orders by how the technician's visit ended. */
export type VisitOutcomeFilter =
  /** Finished with the customer at home: every outcome but NOT_HOME. */
  | 'CUSTOMER_HOME'
  /** Finished, whatever the outcome. */
  | 'FINISHED'
  /** A follow-up visit is needed, parts are ordered. */
  | 'FOLLOW_UP_PARTS'
  /** Not done for another reason. */
  | 'NOT_DONE'
  /** Nobody was at home. */
  | 'NOT_HOME'
  /** Repaired. */
  | 'REPAIRED';

export type LegacyAdminFragment = { id: number, firstname: string, lastname: string, email: string, inactive: boolean };

export type LegacyVisitFragment = { name: string, referenceNumber: string, zipcode: string, country: Country, date: string, appointment: string | null };

export type LegacyImportSettingFragment = { id: number, timeBetween: string, timeTo: string };

type LegacyImportOutcome_ImportOrdersSuccess_Fragment = { __typename: 'ImportOrdersSuccess', rows: number, created: number, updated: number, unchanged: number };

type LegacyImportOutcome_ImportRowErrors_Fragment = { __typename: 'ImportRowErrors', rowsChecked: number, errorCount: number, errors: Array<{ line: number, column: string | null, value: string | null, message: string }> };

export type LegacyImportOutcomeFragment =
  | LegacyImportOutcome_ImportOrdersSuccess_Fragment
  | LegacyImportOutcome_ImportRowErrors_Fragment
;

export type LegacyOrderFragment = { id: number, referenceNumber: string, name: string, email: string, phone: string, zipcode: string, houseNumber: number, city: string, country: Country, appointment: string, duration: number, special: boolean, technician: { id: number, personalNumber: string } | null, deleted: { date: string, admin: string } | null };

export type LegacyScheduleFragment = { date: string, locked: boolean, orders: Array<{ id: number, appointment: string, duration: number, name: string, zipcode: string, city: string, special: boolean }> };

export type LegacyTechnicianFragment = { id: number, firstname: string, lastname: string, email: string, personalNumber: string, startingTime: number, lastOnline: string | null };

export type LegacyClientLookupMutationVariables = Exact<{
  input: LookUpVisitsInput;
}>;


export type LegacyClientLookupMutation = { lookUpVisits: { dataToken: string, windowAvailable: boolean } };

export type LegacyConsumerVisitsQueryVariables = Exact<{ [key: string]: never; }>;


export type LegacyConsumerVisitsQuery = { consumerVisits: Array<{ name: string, referenceNumber: string, zipcode: string, country: Country, date: string, appointment: string | null }> };

export type LegacySignInTechnicianMutationVariables = Exact<{
  input: SignInInput;
}>;


export type LegacySignInTechnicianMutation = { signInTechnician: { accessToken: string } };

export type LegacyTechnicianForgotMutationVariables = Exact<{
  input: PasswordResetRequestInput;
}>;


export type LegacyTechnicianForgotMutation = { requestTechnicianPasswordReset: { message: AccountNotice } };

export type LegacyTechnicianNewPasswordMutationVariables = Exact<{
  input: NewPasswordInput;
}>;


export type LegacyTechnicianNewPasswordMutation = { resetTechnicianPassword: { message: AccountNotice } };

export type LegacySignInAdminMutationVariables = Exact<{
  input: SignInInput;
}>;


export type LegacySignInAdminMutation = { signInAdmin: { adminToken: string } };

export type LegacyAdminForgotMutationVariables = Exact<{
  input: PasswordResetRequestInput;
}>;


export type LegacyAdminForgotMutation = { requestAdminPasswordReset: { message: AccountNotice } };

export type LegacyAdminNewPasswordMutationVariables = Exact<{
  input: NewPasswordInput;
}>;


export type LegacyAdminNewPasswordMutation = { resetAdminPassword: { message: AccountNotice } };

export type LegacySignInAsTechnicianMutationVariables = Exact<{
  technicianId: number;
}>;


export type LegacySignInAsTechnicianMutation = { signInAsTechnician: { technicianToken: string } };

export type LegacyTechniciansQueryVariables = Exact<{
  search?: string | null | undefined;
}>;


export type LegacyTechniciansQuery = { technicians: Array<{ id: number, firstname: string, lastname: string, email: string, personalNumber: string, startingTime: number, lastOnline: string | null }> };

export type LegacyCreateTechnicianMutationVariables = Exact<{
  input: CreateTechnicianInput;
}>;


export type LegacyCreateTechnicianMutation = { createTechnician: { id: number, firstname: string, lastname: string, email: string, personalNumber: string, startingTime: number, lastOnline: string | null } };

export type LegacyTechnicianQueryVariables = Exact<{
  id: number;
}>;


export type LegacyTechnicianQuery = { technician: { id: number, firstname: string, lastname: string, email: string, personalNumber: string, startingTime: number, lastOnline: string | null } };

export type LegacyUpdateTechnicianMutationVariables = Exact<{
  id: number;
  input: UpdateTechnicianInput;
}>;


export type LegacyUpdateTechnicianMutation = { updateTechnician: { id: number, firstname: string, lastname: string, email: string, personalNumber: string, startingTime: number, lastOnline: string | null } };

export type LegacyDeleteTechnicianMutationVariables = Exact<{
  id: number;
}>;


export type LegacyDeleteTechnicianMutation = { deleteTechnician: { id: number } };

export type LegacyAdminsQueryVariables = Exact<{ [key: string]: never; }>;


export type LegacyAdminsQuery = { admins: Array<{ id: number, firstname: string, lastname: string, email: string, inactive: boolean }> };

export type LegacyAdminQueryVariables = Exact<{
  id: number;
}>;


export type LegacyAdminQuery = { admin: { id: number, firstname: string, lastname: string, email: string, inactive: boolean } };

export type LegacyCreateAdminMutationVariables = Exact<{
  input: AdminInput;
}>;


export type LegacyCreateAdminMutation = { createAdmin: { id: number, firstname: string, lastname: string, email: string, inactive: boolean } };

export type LegacyUpdateAdminMutationVariables = Exact<{
  id: number;
  input: AdminInput;
}>;


export type LegacyUpdateAdminMutation = { updateAdmin: { id: number, firstname: string, lastname: string, email: string, inactive: boolean } };

export type LegacyDeleteAdminMutationVariables = Exact<{
  id: number;
}>;


export type LegacyDeleteAdminMutation = { deleteAdmin: { id: number } };

export type LegacyCreateOrderMutationVariables = Exact<{
  input: CreateOrderInput;
}>;


export type LegacyCreateOrderMutation = { createOrder: { id: number, referenceNumber: string, name: string, email: string, phone: string, zipcode: string, houseNumber: number, city: string, country: Country, appointment: string, duration: number, special: boolean, technician: { id: number, personalNumber: string } | null, deleted: { date: string, admin: string } | null } };

export type LegacyOrderByReferenceQueryVariables = Exact<{
  referenceNumber: string;
}>;


export type LegacyOrderByReferenceQuery = { orderByReference: { id: number, referenceNumber: string, name: string, email: string, phone: string, zipcode: string, houseNumber: number, city: string, country: Country, appointment: string, duration: number, special: boolean, technician: { id: number, personalNumber: string } | null, deleted: { date: string, admin: string } | null } };

export type LegacyReassignOrderMutationVariables = Exact<{
  input: ReassignOrderInput;
}>;


export type LegacyReassignOrderMutation = { reassignOrder: { id: number, referenceNumber: string, name: string, email: string, phone: string, zipcode: string, houseNumber: number, city: string, country: Country, appointment: string, duration: number, special: boolean, technician: { id: number, personalNumber: string } | null, deleted: { date: string, admin: string } | null } };

export type LegacyDeleteOrderMutationVariables = Exact<{
  id: number;
}>;


export type LegacyDeleteOrderMutation = { deleteOrder: { id: number, referenceNumber: string, name: string, email: string, phone: string, zipcode: string, houseNumber: number, city: string, country: Country, appointment: string, duration: number, special: boolean, technician: { id: number, personalNumber: string } | null, deleted: { date: string, admin: string } | null } };

export type LegacyTechnicianDayOrdersQueryVariables = Exact<{
  technician: string;
  day: string;
}>;


export type LegacyTechnicianDayOrdersQuery = { technicianDayOrders: Array<{ id: number, name: string, city: string, zipcode: string }> };

export type LegacyMigrateOrdersMutationVariables = Exact<{
  input: MigrateOrdersInput;
}>;


export type LegacyMigrateOrdersMutation = { migrateOrders: { orders: Array<{ id: number }>, technician: { id: number, personalNumber: string } } };

export type LegacyTechnicianScheduleQueryVariables = Exact<{ [key: string]: never; }>;


export type LegacyTechnicianScheduleQuery = { technicianSchedule: { date: string, locked: boolean, orders: Array<{ id: number, appointment: string, duration: number, name: string, zipcode: string, city: string, special: boolean }> } };

export type LegacyConfirmScheduleMutationVariables = Exact<{
  input: ConfirmScheduleInput;
}>;


export type LegacyConfirmScheduleMutation = { confirmSchedule: { schedule: { date: string, locked: boolean, orders: Array<{ id: number, appointment: string, duration: number, name: string, zipcode: string, city: string, special: boolean }> } } };

export type LegacyImportSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type LegacyImportSettingsQuery = { importSettings: Array<{ id: number, timeBetween: string, timeTo: string }> };

export type LegacyUpdateImportSettingMutationVariables = Exact<{
  id: number;
  input: ImportSettingInput;
}>;


export type LegacyUpdateImportSettingMutation = { updateImportSetting: { id: number, timeBetween: string, timeTo: string } };

export type LegacyImportOrdersMutationVariables = Exact<{
  country: Country;
  file: unknown;
}>;


export type LegacyImportOrdersMutation = { importOrders:
    | { __typename: 'ImportOrdersSuccess', rows: number, created: number, updated: number, unchanged: number }
    | { __typename: 'ImportRowErrors', rowsChecked: number, errorCount: number, errors: Array<{ line: number, column: string | null, value: string | null, message: string }> }
   };

export type LegacyOrdersExportQueryVariables = Exact<{
  country?: Country | null | undefined;
}>;


export type LegacyOrdersExportQuery = { ordersExport: { country: Country, fileName: string } };

export type LegacyOrdersSelectionExportQueryVariables = Exact<{
  filter: OrderFilterInput;
}>;


export type LegacyOrdersSelectionExportQuery = { ordersSelectionExport: { fileName: string } };

export type LegacyHolidaysQueryVariables = Exact<{ [key: string]: never; }>;


export type LegacyHolidaysQuery = { holidays: Array<{ country: Country, date: string }> };

export type LegacyCreateHolidayMutationVariables = Exact<{
  input: CreateHolidayInput;
}>;


export type LegacyCreateHolidayMutation = { createHoliday: { id: number, country: Country, date: string } };

export type LegacyDeleteHolidayMutationVariables = Exact<{
  id: number;
}>;


export type LegacyDeleteHolidayMutation = { deleteHoliday: { id: number, country: Country, date: string } };

export type LegacyStatisticsQueryVariables = Exact<{
  from?: string | null | undefined;
  to?: string | null | undefined;
}>;


export type LegacyStatisticsQuery = { statistics: { averageSiteVisit: number | null, averageMailRead: number | null, usagePerHour: Array<{ hour: number, visits: number }>, browsers: Array<{ name: string, visits: number }>, operatingSystems: Array<{ name: string, visits: number }> } };
