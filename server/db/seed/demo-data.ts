import type { EntityManager } from '@mikro-orm/postgresql';
import { Admin } from '../../admins/admin.entity.js';
import { hashPassword } from '../../common/auth/passwords.js';
import type { Clock } from '../../common/clock.js';
import { Role } from '../../common/auth/role.js';
import { Country, TIME_ZONE } from '../../common/locale.js';
import { addDays, instantOf, localDateOf, localPartsOf, type LocalDate } from '../../../shared/zoned-time.js';
import { Holiday } from '../../holidays/holiday.entity.js';
import { isWorkingDay } from '../../holidays/working-days.js';
import {
  normalizeHouseNumber,
  normalizePhone,
  normalizeZipcode,
  Order,
  OrderRepository,
  VISIT_DURATION_SECONDS,
} from '../../orders/index.js';
import { SiteVisit } from '../../statistics/site-visit.entity.js';
import { ScheduleConfirmation } from '../../schedule/index.js';
import { Technician } from '../../technicians/index.js';
import { WINDOW_SHOWN_AT } from '../../../shared/hours.js';
import { VisitOutcome, VisitStage, VisitStatus } from '../../visits/visit-status.entity.js';
import type { FileStorage } from '../../common/files/file-storage.js';
import { seedDemoIntegrator, seedDemoVisitRecord } from './demo-records.js';
import { publicHolidays } from './public-holidays.js';

export const DEMO_ADMIN = { email: 'admin@demo.tijdvak.nl', password: 'demo-admin-2026' };
export const DEMO_TECHNICIAN_PASSWORD = 'monteur123';

/**
 * The demo staff, each working one region with a pace of their own (minutes of work per visit of the day, minutes of
 * travel between visits, when the first visit begins), so that at any hour of a working day the technicians stand at
 * different points of their day, and each is at one place at a time. `today` is where each stands when the demo
 * starts, whatever the hour: in each country one is at a visit, the other on the way with a day that runs late.
 */
const TECHNICIANS = [
  {
    firstname: 'Jan',
    lastname: 'de Vries',
    email: 'jan@demo.tijdvak.nl',
    personalNumber: 'N10001',
    country: Country.NL,
    region: 'utrecht',
    today: 'AT_A_VISIT',
    pace: { work: [50, 70, 45, 60, 40], travel: 20, firstArrival: 8 * 60 },
  },
  {
    firstname: 'Fatima',
    lastname: 'El Amrani',
    email: 'fatima@demo.tijdvak.nl',
    personalNumber: 'N10002',
    country: Country.NL,
    region: 'rotterdam',
    today: 'ON_THE_WAY_RUNNING_LATE',
    // A long day: the last visit arrives after its window, and every screen says so.
    pace: { work: [110, 80, 120, 200, 45], travel: 25, firstArrival: 8 * 60 },
  },
  {
    firstname: 'Luc',
    lastname: 'Peeters',
    email: 'luc@demo.tijdvak.be',
    personalNumber: 'N20001',
    country: Country.BE,
    region: 'antwerpen',
    today: 'AT_A_VISIT',
    pace: { work: [40, 55, 50, 45, 40], travel: 15, firstArrival: 8 * 60 },
  },
  {
    firstname: 'Sophie',
    lastname: 'Dubois',
    email: 'sophie@demo.tijdvak.be',
    personalNumber: 'N20002',
    country: Country.BE,
    region: 'liege',
    today: 'ON_THE_WAY_RUNNING_LATE',
    pace: { work: [60, 45, 55, 50, 45], travel: 20, firstArrival: 8 * 60 + 30 },
  },
] as const;

type Region = (typeof TECHNICIANS)[number]['region'];

/** Places of each region: postcode, city and two streets, with a land-line prefix. */
const PLACES: Record<Region, { zipcode: string; city: string; streets: readonly string[] }[]> = {
  utrecht: [
    { zipcode: '3511 CD', city: 'Utrecht', streets: ['Oudegracht', 'Lange Nieuwstraat'] },
    { zipcode: '3701 AB', city: 'Zeist', streets: ['Slotlaan', 'Steynlaan'] },
    { zipcode: '3431 EF', city: 'Nieuwegein', streets: ['Dorpsstraat', 'Zuidstedeweg'] },
    { zipcode: '3991 GH', city: 'Houten', streets: ['Loerikseweg', 'Rondweg'] },
    { zipcode: '3811 JK', city: 'Amersfoort', streets: ['Langestraat', 'Utrechtseweg'] },
  ],
  rotterdam: [
    { zipcode: '3012 GH', city: 'Rotterdam', streets: ['Coolsingel', 'Witte de Withstraat'] },
    { zipcode: '3111 AB', city: 'Schiedam', streets: ['Hoogstraat', 'Broersvest'] },
    { zipcode: '3131 CD', city: 'Vlaardingen', streets: ['Markt', 'Westhavenkade'] },
    { zipcode: '2902 EF', city: 'Capelle aan den IJssel', streets: ['Kerklaan', 'Slotlaan'] },
    { zipcode: '2991 GH', city: 'Barendrecht', streets: ['Middenbaan', 'Dorpsstraat'] },
  ],
  antwerpen: [
    { zipcode: '2000', city: 'Antwerpen', streets: ['Meir', 'Lange Nieuwstraat'] },
    { zipcode: '2800', city: 'Mechelen', streets: ['Bruul', 'Befferstraat'] },
    { zipcode: '2500', city: 'Lier', streets: ['Antwerpsestraat', 'Kartuizersvest'] },
    { zipcode: '2640', city: 'Mortsel', streets: ['Statielei', 'Mechelsesteenweg'] },
    { zipcode: '2900', city: 'Schoten', streets: ['Kopstraat', 'Paalstraat'] },
  ],
  liege: [
    { zipcode: '4000', city: 'Liège', streets: ['Rue Saint-Gilles', 'Boulevard d’Avroy'] },
    { zipcode: '4100', city: 'Seraing', streets: ['Rue Cockerill', 'Rue du Pairay'] },
    { zipcode: '4040', city: 'Herstal', streets: ['Rue Hoyoux', 'Place Jean Jaurès'] },
    { zipcode: '4430', city: 'Ans', streets: ['Rue de Jemeppe', 'Rue Walthère Jamar'] },
    { zipcode: '4050', city: 'Chaudfontaine', streets: ['Avenue des Thermes', 'Rue Gérard'] },
  ],
};

/**
 * First and last names of each region's customers: every order a customer of its own (twelve first names and a number
 * of last names prime to thirteen: `customerOf` walks them without repeating a pair).
 */
const NAMES: Record<Region, { first: readonly string[]; last: readonly string[] }> = {
  utrecht: {
    first: ['Anna', 'Pieter', 'Sanne', 'Kees', 'Lotte', 'Bram', 'Noor', 'Ruud', 'Ilse', 'Tim', 'Fleur', 'Joost'],
    last: ['Jansen', 'Bakker', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder', 'Bos', 'Vos', 'Peters', 'Hendriks'],
  },
  rotterdam: {
    first: ['Mohamed', 'Els', 'Daan', 'Sara', 'Youssef', 'Eva', 'Rik', 'Aylin', 'Joris', 'Mila', 'Sem', 'Fenna'],
    last: ['Yilmaz', 'de Jong', 'van Dijk', 'Dekker', 'Brouwer', 'de Wit', 'Dijkstra', 'Kok', 'Verbeek', 'Kramer'],
  },
  antwerpen: {
    first: ['Koen', 'Tom', 'Wim', 'Lien', 'Sofie', 'Jens', 'Elke', 'Pieter', 'Ann', 'Bart', 'Griet', 'Stijn'],
    last: ['Wouters', 'Claes', 'Janssens', 'Maes', 'Jacobs', 'Mertens', 'Willems', 'Goossens', 'De Smet', 'Verhoeven'],
  },
  liege: {
    first: [
      'Marie',
      'Julie',
      'Nathalie',
      'Luc',
      'Camille',
      'Antoine',
      'Céline',
      'Hugo',
      'Manon',
      'Louis',
      'Chloé',
      'Emma',
    ],
    last: ['Lambert', 'Martin', 'Dupont', 'Dubois', 'Leroy', 'Renard', 'Lejeune', 'Simon', 'Laurent', 'Lefèvre'],
  },
};

/** Window start hours of one technician's day; windows overlap, as arrival windows do. */
const DAY_PLAN = [8, 9, 11, 13, 15];
/**
 * Today's windows of a technician whose day runs late, in minutes after the first: five visits booked in the morning's
 * windows, so the last ones are expected after their window whatever his pace (the board's "expected late" mark, the
 * consumer's late notice), also just after midnight, when no window of today can have ended yet.
 */
const CROWDED_PLAN_MINUTES = [0, 0, 0, 30, 30];
/** Where today's plan prefers to start: the usual day, up to four hours later when the demo starts after 10.00. */
const TODAY_SHIFT_MAX_HOURS = 4;
/** Today's plan moves in quarter hours, every window starting today, until each technician stands where `today` says. */
const TODAY_STEP_MINUTES = 15;
/** How long an arrival window lasts, in minutes. */
const WINDOW_MINUTES = 180;
const OUTCOMES = [
  VisitOutcome.REPAIRED,
  VisitOutcome.REPAIRED,
  VisitOutcome.REPAIRED,
  VisitOutcome.FOLLOW_UP_PARTS,
  VisitOutcome.REPAIRED,
  VisitOutcome.NOT_HOME,
];
const NOTES: Partial<Record<VisitOutcome, string>> = {
  [VisitOutcome.REPAIRED]: 'Pomp vervangen, machine getest.',
  [VisitOutcome.FOLLOW_UP_PARTS]: 'Verwarmingselement besteld.',
  [VisitOutcome.NOT_HOME]: 'Niemand thuis, kaartje achtergelaten.',
};

const minutesFrom = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * 60_000);

/** When a technician set out to, reached and left each visit of a day, in window order. */
interface VisitTimes {
  onTheWayAt: Date;
  arrivedAt: Date;
  finishedAt: Date;
}

/**
 * A technician's day as it goes: each visit reached after the travel from the last one, never before its window
 * opens (the technician then sets out later), and left after its work. A long day makes a later visit arrive after
 * its window, honestly.
 */
function dayTimes(windowStarts: readonly Date[], dayStart: Date, pace: Pace) {
  const times: VisitTimes[] = [];
  let free = minutesFrom(dayStart, pace.firstArrival - pace.travel);
  for (const [slot, windowStart] of windowStarts.entries()) {
    const earliestLeave = minutesFrom(windowStart, -pace.travel);
    const onTheWayAt = free > earliestLeave ? free : earliestLeave;
    const arrivedAt = minutesFrom(onTheWayAt, pace.travel);
    const finishedAt = minutesFrom(arrivedAt, pace.work[slot % pace.work.length]);
    times.push({ onTheWayAt, arrivedAt, finishedAt });
    free = finishedAt;
  }
  return times;
}

/** The status of a visit with these times at `now`: none while the technician has not set out. */
function visitStatusAt(times: VisitTimes, slot: number, now: Date): Omit<VisitStatus, 'id' | 'order'> | null {
  const base = { steppedBack: false, outcome: null, note: null, finishedAt: null, arrivedAt: null };
  if (times.onTheWayAt > now) return null;
  if (times.arrivedAt > now) {
    return {
      ...base,
      stage: VisitStage.ON_THE_WAY,
      previousStage: null,
      expectedArrival: times.arrivedAt,
      onTheWayAt: times.onTheWayAt,
      updatedAt: times.onTheWayAt,
    };
  }
  const arrived = {
    ...base,
    expectedArrival: times.arrivedAt,
    onTheWayAt: times.onTheWayAt,
    arrivedAt: times.arrivedAt,
  };
  if (times.finishedAt > now) {
    return { ...arrived, stage: VisitStage.ARRIVED, previousStage: VisitStage.ON_THE_WAY, updatedAt: times.arrivedAt };
  }
  const outcome = OUTCOMES[slot % OUTCOMES.length];
  return {
    ...arrived,
    stage: VisitStage.FINISHED,
    previousStage: VisitStage.ARRIVED,
    finishedAt: times.finishedAt,
    outcome,
    note: NOTES[outcome] ?? null,
    updatedAt: times.finishedAt,
  };
}

type Pace = (typeof TECHNICIANS)[number]['pace'];
type TodayRole = (typeof TECHNICIANS)[number]['today'];

/** Whether a technician's day at `now` shows what `role` asks: a visit under way, or on the way with one late ahead. */
function standsAt(role: TodayRole, windowStarts: readonly Date[], times: readonly VisitTimes[], now: Date): boolean {
  const stages = times.map((visit, slot) => visitStatusAt(visit, slot, now)?.stage ?? null);
  if (role === 'AT_A_VISIT') return stages.includes(VisitStage.ARRIVED);
  const windowEnd = (slot: number) => windowStarts[slot].getTime() + WINDOW_MINUTES * 60_000;
  // Late by an hour or more by its own pace: any estimate of the rest of the day sees it late too.
  const lateAhead = times.some(
    (visit, slot) => visit.arrivedAt > now && visit.arrivedAt.getTime() >= windowEnd(slot) + 60 * 60_000,
  );
  return stages.includes(VisitStage.ON_THE_WAY) && lateAhead;
}

/**
 * Today's windows and times of one technician: the usual day (moved later when the demo starts late in the morning)
 * when it already shows what his `today` asks, else the nearest start, in quarter hours within today, that does. So
 * the board, the consumer's place in the day and the late notice have something to show at any hour, midnight too.
 */
function todayPlan(date: LocalDate, now: Date, zone: string, pace: Pace, role: TodayRole) {
  const plan = role === 'AT_A_VISIT' ? DAY_PLAN.map((hour) => (hour - DAY_PLAN[0]) * 60) : CROWDED_PLAN_MINUTES;
  const midnight = instantOf(date, 0, 0, zone);
  const dayMinutes = Math.round((instantOf(addDays(date, 1), 0, 0, zone).getTime() - midnight.getTime()) / 60_000);
  const shift = Math.min(TODAY_SHIFT_MAX_HOURS, Math.max(0, localPartsOf(now, zone).hour - 10));
  const usual = (DAY_PLAN[0] + shift) * 60;
  const latest = dayMinutes - TODAY_STEP_MINUTES - plan[plan.length - 1];
  const starts: number[] = [];
  for (let start = 0; start <= latest; start += TODAY_STEP_MINUTES) starts.push(start);
  starts.sort((a, b) => Math.abs(a - usual) - Math.abs(b - usual) || a - b);
  const planAt = (start: number) => {
    const windowStarts = plan.map((minutes) => minutesFrom(midnight, start + minutes));
    // The first visit is reached as long after its window opens as on any other day.
    const times = dayTimes(windowStarts, minutesFrom(windowStarts[0], -DAY_PLAN[0] * 60), pace);
    return { windowStarts, times };
  };
  for (const start of starts) {
    const candidate = planAt(start);
    if (standsAt(role, candidate.windowStarts, candidate.times, now)) return candidate;
  }
  return planAt(usual);
}

const WORKING_DAYS_AHEAD = 5;
/** Past working days with finished visits: the figures and the statistics have a history to show. */
const WORKING_DAYS_BEHIND = 10;

const USER_AGENTS = [
  { browser: 'Chrome', os: 'Android', weight: 5 },
  { browser: 'Mobile Safari', os: 'iOS', weight: 4 },
  { browser: 'Chrome', os: 'Windows', weight: 3 },
  { browser: 'Edge', os: 'Windows', weight: 2 },
  { browser: 'Safari', os: 'macOS', weight: 1 },
  { browser: 'Firefox', os: 'Linux', weight: 1 },
  { browser: 'Samsung Internet', os: 'Android', weight: 2 },
];

/**
 * The n-th customer of a region: a name, an address and a phone number of its own (names walk the grid of first and
 * last names, so none repeats within a region's orders). Phone numbers keep the ways people type them (`+32 …`,
 * `0471/…`, `0032 …`), which the lookup must all understand.
 */
function customerOf(region: Region, country: Country, n: number, serial: number) {
  const names = NAMES[region];
  const first = names.first[n % names.first.length];
  const last = names.last[(n + Math.floor(n / names.first.length)) % names.last.length];
  const place = PLACES[region][n % PLACES[region].length];
  const street = place.streets[Math.floor(n / PLACES[region].length) % place.streets.length];
  const mobile = String(12_000_000 + serial * 7); // NL 06 + 8 digits
  const [a, b, c] = [mobile.slice(2, 4), mobile.slice(4, 6), mobile.slice(6, 8)]; // BE 047x + 6 digits
  const x = n % 10;
  const belgianFormats = [`+32 47${x} ${a} ${b} ${c}`, `047${x}/${a}.${b}.${c}`, `0032 47${x}${a}${b}${c}`];
  return {
    name: `${first} ${last}`,
    email: `${first}.${last}.${n}`.toLowerCase().replace(/[^a-z0-9.]/g, '') + '@example.com',
    zipcode: place.zipcode,
    street,
    houseNumber: `${1 + n}`,
    city: place.city,
    phone: country === Country.NL ? `06 ${mobile}` : belgianFormats[n % belgianFormats.length],
  };
}

export interface DemoLogins {
  admin: typeof DEMO_ADMIN;
  technicians: { email: string; password: string; country: Country }[];
  lookups: { country: Country; zipcode?: string; houseNumber?: string; phone?: string; date: LocalDate }[];
  /** The recorded visit whose work report opens from its personal link (`/v/<token>/werkbon`). */
  workReport: Pick<Order, 'id' | 'linkGeneration' | 'referenceNumber'>;
  /** Its path, once the server signed the link. */
  workReportPath?: string;
}

/** The `count` working days before `day`, oldest first. */
function workingDaysBefore(day: LocalDate, count: number, holidays: Set<LocalDate>): LocalDate[] {
  const days: LocalDate[] = [];
  for (let date = addDays(day, -1); days.length < count; date = addDays(date, -1)) {
    if (isWorkingDay(date, holidays)) days.unshift(date);
  }
  return days;
}

function workingDaysFrom(start: LocalDate, count: number, holidays: Set<LocalDate>): LocalDate[] {
  const days: LocalDate[] = [];
  for (let date = start; days.length < count; date = addDays(date, 1)) {
    if (isWorkingDay(date, holidays)) days.push(date);
  }
  return days;
}

/** A deterministic sequence, so every fresh demo database looks the same for the same day. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** Fills an empty database with a demo world; returns the logins to print. Does nothing when data exists. */
export async function seedDemoData(em: EntityManager, clock: Clock, files: FileStorage): Promise<DemoLogins | null> {
  if ((await em.count(Technician)) > 0 || (await new OrderRepository(em).anyStored())) return null;
  const now = clock.now();
  const random = sequence(42);

  const holidaysByCountry = new Map<Country, Set<LocalDate>>();
  for (const country of [Country.NL, Country.BE]) {
    const year = Number(localDateOf(now, TIME_ZONE[country]).slice(0, 4));
    const dates = [
      ...publicHolidays(country, year - 1),
      ...publicHolidays(country, year),
      ...publicHolidays(country, year + 1),
    ];
    holidaysByCountry.set(country, new Set(dates));
    for (const date of dates) em.create(Holiday, { country, date });
  }

  em.create(Admin, {
    email: DEMO_ADMIN.email,
    firstname: 'Demo',
    lastname: 'Admin',
    passwordHash: await hashPassword(DEMO_ADMIN.password),
    inactive: false,
    role: Role.ADMIN,
    tokenVersion: 0,
    createdAt: now,
  });
  const technicianHash = await hashPassword(DEMO_TECHNICIAN_PASSWORD);

  const lookups: DemoLogins['lookups'] = [];
  /** Each order with the instant its window was first shown (13:30 on the working day before its day). */
  const orders: { order: Order; shownFrom: Date }[] = [];
  /** The first technician's visit of the working day before today that ordered a part, and today's last visit. */
  let recorded: { order: Order; status: Omit<VisitStatus, 'id' | 'order'> } | undefined;
  let followUp: Order | undefined;
  for (const [index, { region, pace, today: role, ...profile }] of TECHNICIANS.entries()) {
    const technician = em.create(Technician, {
      ...profile,
      startingTime: 8,
      passwordHash: technicianHash,
      tokenVersion: 0,
      createdAt: now,
    });
    const zone = TIME_ZONE[profile.country];
    const holidays = holidaysByCountry.get(profile.country)!;
    const today = localDateOf(now, zone);
    const days = [
      ...workingDaysBefore(today, WORKING_DAYS_BEHIND, holidays),
      today,
      ...workingDaysFrom(addDays(today, 1), WORKING_DAYS_AHEAD, holidays),
    ];
    const nextDay = days[WORKING_DAYS_BEHIND + 1];
    let customers = 0;
    for (const date of days) {
      const usualStarts = DAY_PLAN.map((hour) => instantOf(date, hour, 0, zone));
      const { windowStarts, times } =
        date === today
          ? todayPlan(date, now, zone, pace, role)
          : {
              windowStarts: usualStarts,
              times: date < today ? dayTimes(usualStarts, instantOf(date, 0, 0, zone), pace) : [],
            };
      const [dayBefore] = workingDaysBefore(date, 1, holidays);
      const shownFrom = instantOf(dayBefore, WINDOW_SHOWN_AT.hour, WINDOW_SHOWN_AT.minute, zone);
      // Days up to today were confirmed the evening before, so their consumers see their place in the day; the next
      // working day stays open for the planner.
      if (date <= today) {
        em.create(ScheduleConfirmation, { technician, date, confirmedAt: instantOf(dayBefore, 17, 0, zone) });
      }
      for (const [slot, appointment] of windowStarts.entries()) {
        const customer = customerOf(region, profile.country, customers, index * 1000 + customers);
        customers++;
        const order = em.create(Order, {
          referenceNumber: `DEMO-${profile.personalNumber}-${date.replaceAll('-', '')}-${slot + 1}`,
          name: customer.name,
          email: customer.email,
          phone: customer.phone,
          phoneNormalized: normalizePhone(customer.phone),
          zipcode: normalizeZipcode(customer.zipcode),
          street: customer.street,
          houseNumber: normalizeHouseNumber(customer.houseNumber) ?? 1,
          city: customer.city,
          country: profile.country,
          appointment,
          duration: VISIT_DURATION_SECONDS,
          technician,
          special: slot === 2,
          // One Belgian visit of the next working day is a partner's.
          externalCompany: profile.country === Country.BE && slot === 4 && date === nextDay ? 1 : null,
          // Imported the day before its window was shown, or now for a day still to come.
          createdAt: new Date(Math.min(now.getTime(), minutesFrom(shownFrom, -24 * 60).getTime())),
          updatedAt: now,
        });
        orders.push({ order, shownFrom });
        const status = times[slot] && visitStatusAt(times[slot], slot, now);
        if (status) em.create(VisitStatus, { ...status, order });
        if (index === 0 && date === days[WORKING_DAYS_BEHIND - 1] && status?.outcome === VisitOutcome.FOLLOW_UP_PARTS) {
          recorded = { order, status };
        }
        if (index === 0 && date === today && slot === windowStarts.length - 1) followUp = order;
        if (date === nextDay && slot === 0) {
          lookups.push(
            profile.country === Country.NL
              ? { country: Country.NL, zipcode: customer.zipcode, houseNumber: customer.houseNumber, date }
              : { country: Country.BE, phone: customer.phone, date },
          );
        }
      }
    }
  }
  // The visit that ordered a part comes back today: the same customer, so the card shows what was recorded then.
  if (recorded && followUp) {
    const { name, email, phone, phoneNormalized, zipcode, street, houseNumber, city } = recorded.order;
    Object.assign(followUp, { name, email, phone, phoneNormalized, zipcode, street, houseNumber, city });
    await seedDemoVisitRecord(em, files, recorded.order, recorded.status.finishedAt ?? now);
  }
  await em.flush();

  // Lookups come after a window was shown and before the visit ended, never after now: most in the evening of the
  // day the window appeared, some on the visit's morning.
  const totalWeight = USER_AGENTS.reduce((sum, agent) => sum + agent.weight, 0);
  for (const { order, shownFrom } of orders) {
    const until = new Date(Math.min(now.getTime(), order.appointment.getTime() + WINDOW_MINUTES * 60_000));
    if (shownFrom >= until || random() < 0.25) continue;
    for (let visit = 0; visit < 1 + Math.floor(random() * 2); visit++) {
      let pick = random() * totalWeight;
      const agent = USER_AGENTS.find((candidate) => (pick -= candidate.weight) < 0) ?? USER_AGENTS[0];
      // Within the first nine hours after 13:30 (the evening) for most, anywhere before the visit for the rest.
      const span = until.getTime() - shownFrom.getTime();
      const offset = random() < 0.7 ? Math.min(span, 9 * 3_600_000) * random() : span * random();
      em.create(SiteVisit, {
        visitedAt: new Date(shownFrom.getTime() + Math.floor(offset)),
        order,
        userAgent: `${agent.browser} on ${agent.os} (demo)`,
        browser: agent.browser,
        os: agent.os,
      });
    }
  }
  await em.flush();
  // Last: the outbox triggers record changes only while an endpoint is enabled.
  await seedDemoIntegrator(
    em,
    now,
    orders.map(({ order }) => order).filter((order) => order.appointment < now),
  );

  if (!recorded) throw new Error('the demo plan has no finished visit that ordered a part');
  return {
    admin: DEMO_ADMIN,
    technicians: TECHNICIANS.map(({ email, country }) => ({ email, password: DEMO_TECHNICIAN_PASSWORD, country })),
    lookups,
    workReport: recorded.order,
  };
}
