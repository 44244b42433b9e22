/**
 * The hours of the working day, as the server checks them and the screens offer them (docs/rules.md,
 * Visit window, Planner day and Orders). Plain values, no imports: the server and the browser both load this file.
 */

/** A visit window lasts three hours: created orders, confirmed schedules and the calendar file agree. */
export const VISIT_HOURS = 3;
export const VISIT_DURATION_SECONDS = VISIT_HOURS * 3600;

/** Technicians visit between 07:00 and 22:00: no visit starts earlier or ends later. */
export const PLANNER_DAY = { startHour: 7, endHour: 22 } as const;

/**
 * Every hour picker offers the whole hours 07:00 to 20:00: the planner's start hours, a technician's
 * usual start and the bounds of import windows. A visit starting at 20:00 would end after 22:00, so the
 * planner offers it but flags it, and the server refuses it.
 */
export const HOUR_CHOICES = { first: PLANNER_DAY.startHour, last: 20 } as const;

/** A new order begins on a whole hour from 07:00 to 18:00. */
export const ORDER_BEGIN_HOURS = { first: PLANNER_DAY.startHour, last: 18 } as const;

/** The window is shown to the consumer from 13:30 on the working day before the visit (docs/rules.md, Visit window). */
export const WINDOW_SHOWN_AT = { hour: 13, minute: 30 } as const;

/** Opening hours of the call centre (docs/rules.md, Consumer pages), as the pages, mails and calendar file say them. */
export const CALL_CENTRE_HOURS = { opens: { hour: 8, minute: 0 }, closes: { hour: 18, minute: 0 } } as const;

/** A new technician's usual start hour, until an admin changes it. */
export const DEFAULT_STARTING_HOUR = 8;

/** The whole hours of a range, first and last included: the options of a picker. */
export function hoursOf(range: { readonly first: number; readonly last: number }): number[] {
  return Array.from({ length: range.last - range.first + 1 }, (_, index) => range.first + index);
}

/** Whether a visit starting at this whole hour ends after the planner's day. */
export const endsAfterPlannerDay = (startHour: number): boolean => startHour + VISIT_HOURS > PLANNER_DAY.endHour;
