import type { EntityManager } from '@mikro-orm/postgresql';
import { Admin } from '../../admins/admin.entity.js';
import { hashPassword } from '../../common/auth/passwords.js';
import type { Clock } from '../../common/clock.js';
import { Country, TIME_ZONE } from '../../common/locale.js';
import { addDays, instantOf, localDateOf, type LocalDate } from '../../../shared/zoned-time.js';
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
import { Technician } from '../../technicians/index.js';
import { VisitOutcome, VisitStage, VisitStatus } from '../../visits/visit-status.entity.js';
import { publicHolidays } from './public-holidays.js';

export const DEMO_ADMIN = { email: 'admin@demo.tijdvak.nl', password: 'demo-admin-2026' };
export const DEMO_TECHNICIAN_PASSWORD = 'monteur123';

const TECHNICIANS = [
  {
    firstname: 'Jan',
    lastname: 'de Vries',
    email: 'jan@demo.tijdvak.nl',
    personalNumber: 'N10001',
    country: Country.NL,
  },
  {
    firstname: 'Fatima',
    lastname: 'El Amrani',
    email: 'fatima@demo.tijdvak.nl',
    personalNumber: 'N10002',
    country: Country.NL,
  },
  {
    firstname: 'Luc',
    lastname: 'Peeters',
    email: 'luc@demo.tijdvak.be',
    personalNumber: 'N20001',
    country: Country.BE,
  },
  {
    firstname: 'Sophie',
    lastname: 'Dubois',
    email: 'sophie@demo.tijdvak.be',
    personalNumber: 'N20002',
    country: Country.BE,
  },
];

const CUSTOMERS: Record<
  Country,
  { name: string; zipcode: string; houseNumber: string; city: string; phone: string }[]
> = {
  [Country.NL]: [
    { name: 'Anna Jansen', zipcode: '1011 AB', houseNumber: '12', city: 'Amsterdam', phone: '06 12345678' },
    { name: 'Pieter Bakker', zipcode: '3511 CD', houseNumber: '4-2', city: 'Utrecht', phone: '030 2345678' },
    { name: 'Sanne Visser', zipcode: '2511 EF', houseNumber: '88', city: 'Den Haag', phone: '06 23456789' },
    { name: 'Mohamed Yilmaz', zipcode: '3012 GH', houseNumber: '7a', city: 'Rotterdam', phone: '010 3456789' },
    { name: 'Els Smit', zipcode: '5611 JK', houseNumber: '150', city: 'Eindhoven', phone: '06 34567890' },
    { name: 'Kees Mulder', zipcode: '9711 LM', houseNumber: '3', city: 'Groningen', phone: '050 4567890' },
  ],
  [Country.BE]: [
    { name: 'Marie Lambert', zipcode: '1000', houseNumber: '21', city: 'Bruxelles', phone: '+32 470 12 34 56' },
    { name: 'Koen Wouters', zipcode: '2000', houseNumber: '5', city: 'Antwerpen', phone: '0471/23.45.67' },
    { name: 'Julie Martin', zipcode: '4000', houseNumber: '64', city: 'Liège', phone: '0032 472 345 678' },
    { name: 'Tom Claes', zipcode: '9000', houseNumber: '9', city: 'Gent', phone: '0473 45 67 89' },
    { name: 'Nathalie Dupont', zipcode: '5000', houseNumber: '33', city: 'Namur', phone: '0474 56 78 90' },
    { name: 'Wim Janssens', zipcode: '3000', houseNumber: '17', city: 'Leuven', phone: '016 12 34 56' },
  ],
};

/** Window start hours of one technician's day; windows overlap, as arrival windows do. */
const DAY_PLAN = [8, 9, 11, 13, 15];

const minutesFrom = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000);

/**
 * Today's first visits in each stage, so the technician's "Vandaag" shows them all on a fresh demo:
 * the first finished, the second arrived, the third on the way; the rest still planned. The times
 * are relative to the clock, whatever hour the demo starts.
 */
function demoVisitStatus(slot: number, now: Date): Omit<VisitStatus, 'id' | 'order'> | null {
  const base = { steppedBack: false, outcome: null, note: null, finishedAt: null, arrivedAt: null, updatedAt: now };
  switch (slot) {
    case 0:
      return {
        ...base,
        stage: VisitStage.FINISHED,
        previousStage: VisitStage.ARRIVED,
        expectedArrival: minutesFrom(now, -160),
        onTheWayAt: minutesFrom(now, -180),
        arrivedAt: minutesFrom(now, -165),
        finishedAt: minutesFrom(now, -100),
        outcome: VisitOutcome.REPAIRED,
        note: 'Pomp vervangen, machine getest.',
      };
    case 1:
      return {
        ...base,
        stage: VisitStage.ARRIVED,
        previousStage: VisitStage.ON_THE_WAY,
        expectedArrival: minutesFrom(now, -25),
        onTheWayAt: minutesFrom(now, -45),
        arrivedAt: minutesFrom(now, -20),
      };
    case 2:
      return {
        ...base,
        stage: VisitStage.ON_THE_WAY,
        previousStage: null,
        expectedArrival: minutesFrom(now, 25),
        onTheWayAt: minutesFrom(now, -5),
      };
    default:
      return null;
  }
}
const WORKING_DAYS_AHEAD = 5;

const USER_AGENTS = [
  { browser: 'Chrome', os: 'Android', weight: 5 },
  { browser: 'Mobile Safari', os: 'iOS', weight: 4 },
  { browser: 'Chrome', os: 'Windows', weight: 3 },
  { browser: 'Edge', os: 'Windows', weight: 2 },
  { browser: 'Safari', os: 'macOS', weight: 1 },
  { browser: 'Firefox', os: 'Linux', weight: 1 },
  { browser: 'Samsung Internet', os: 'Android', weight: 2 },
];

type DemoCustomer = (typeof CUSTOMERS)[Country][number];

/**
 * A customer of the list at an address and phone number of its own: the house number and the phone's
 * last digits follow the order's sequence number. Phone numbers keep the list's ways of typing them
 * (`+32 …`, `0471/…`, `0032 …`), which the lookup must all understand.
 */
function uniqueAddress(base: DemoCustomer, country: Country, sequence: number): DemoCustomer {
  const mobile = String(12_000_000 + sequence * 7); // NL 06 + 8 digits
  const [a, b, c] = [mobile.slice(2, 4), mobile.slice(4, 6), mobile.slice(6, 8)]; // BE 047x + 6 digits
  const x = sequence % 10;
  const belgianFormats = [`+32 47${x} ${a} ${b} ${c}`, `047${x}/${a}.${b}.${c}`, `0032 47${x}${a}${b}${c}`];
  return {
    ...base,
    houseNumber: `${1 + sequence}`,
    phone: country === Country.NL ? `06 ${mobile}` : belgianFormats[sequence % belgianFormats.length],
  };
}

export interface DemoLogins {
  admin: typeof DEMO_ADMIN;
  technicians: { email: string; password: string; country: Country }[];
  lookups: { country: Country; zipcode?: string; houseNumber?: string; phone?: string; date: LocalDate }[];
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
export async function seedDemoData(em: EntityManager, clock: Clock): Promise<DemoLogins | null> {
  if ((await em.count(Technician)) > 0 || (await new OrderRepository(em).anyStored())) return null;
  const now = clock.now();
  const random = sequence(42);

  const holidaysByCountry = new Map<Country, Set<LocalDate>>();
  for (const country of [Country.NL, Country.BE]) {
    const year = Number(localDateOf(now, TIME_ZONE[country]).slice(0, 4));
    const dates = [...publicHolidays(country, year), ...publicHolidays(country, year + 1)];
    holidaysByCountry.set(country, new Set(dates));
    for (const date of dates) em.create(Holiday, { country, date });
  }

  em.create(Admin, {
    email: DEMO_ADMIN.email,
    firstname: 'Demo',
    lastname: 'Admin',
    passwordHash: await hashPassword(DEMO_ADMIN.password),
    inactive: false,
    tokenVersion: 0,
    createdAt: now,
  });
  const technicianHash = await hashPassword(DEMO_TECHNICIAN_PASSWORD);

  const lookups: DemoLogins['lookups'] = [];
  const orders: Order[] = [];
  for (const [index, profile] of TECHNICIANS.entries()) {
    const technician = em.create(Technician, {
      ...profile,
      startingTime: 8,
      passwordHash: technicianHash,
      tokenVersion: 0,
      createdAt: now,
    });
    const zone = TIME_ZONE[profile.country];
    const today = localDateOf(now, zone);
    const days = [
      today,
      ...workingDaysFrom(addDays(today, 1), WORKING_DAYS_AHEAD, holidaysByCountry.get(profile.country)!),
    ];
    for (const [dayIndex, date] of days.entries()) {
      for (const [slot, hour] of DAY_PLAN.entries()) {
        const base = CUSTOMERS[profile.country][(slot + dayIndex + index) % CUSTOMERS[profile.country].length];
        // Every order its own address, as in real life: one lookup shows one visit, not a week of them.
        const customer = uniqueAddress(base, profile.country, orders.length);
        const order = em.create(Order, {
          referenceNumber: `DEMO-${profile.personalNumber}-${date.replaceAll('-', '')}-${slot + 1}`,
          name: customer.name,
          email: `${customer.name.split(' ')[0].toLowerCase()}@example.com`,
          phone: customer.phone,
          phoneNormalized: normalizePhone(customer.phone),
          zipcode: normalizeZipcode(customer.zipcode),
          houseNumber: normalizeHouseNumber(customer.houseNumber) ?? 1,
          city: customer.city,
          country: profile.country,
          appointment: instantOf(date, hour, 0, zone),
          duration: VISIT_DURATION_SECONDS,
          technician,
          special: slot === 2,
          externalCompany: profile.country === Country.BE && slot === 4 && dayIndex === 1 ? 1 : null,
          createdAt: now,
          updatedAt: now,
        });
        orders.push(order);
        const status = dayIndex === 0 ? demoVisitStatus(slot, now) : null;
        if (status) em.create(VisitStatus, { ...status, order });
        if (dayIndex === 1 && slot === 0) {
          lookups.push(
            profile.country === Country.NL
              ? { country: Country.NL, zipcode: customer.zipcode, houseNumber: customer.houseNumber, date }
              : { country: Country.BE, phone: customer.phone, date },
          );
        }
      }
    }
  }
  await em.flush();

  const totalWeight = USER_AGENTS.reduce((sum, agent) => sum + agent.weight, 0);
  for (let i = 0; i < 400; i++) {
    let pick = random() * totalWeight;
    const agent = USER_AGENTS.find((candidate) => (pick -= candidate.weight) < 0) ?? USER_AGENTS[0];
    // Evenings and lunchtime are busiest: people check the window the day before.
    const hour = [7, 8, 12, 12, 13, 13, 14, 17, 18, 19, 19, 20, 20, 21, 22][Math.floor(random() * 15)];
    const visitedAt = new Date(now.getTime() - Math.floor(random() * 30) * 86_400_000);
    visitedAt.setUTCHours(hour - 1, Math.floor(random() * 60));
    em.create(SiteVisit, {
      visitedAt,
      order: orders[Math.floor(random() * orders.length)],
      userAgent: `${agent.browser} on ${agent.os} (demo)`,
      browser: agent.browser,
      os: agent.os,
    });
  }
  await em.flush();

  return {
    admin: DEMO_ADMIN,
    technicians: TECHNICIANS.map(({ email, country }) => ({ email, password: DEMO_TECHNICIAN_PASSWORD, country })),
    lookups,
  };
}
