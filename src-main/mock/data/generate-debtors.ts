/**
 * Builds the debtors service's data set: deterministic for a seed and reference time, realistic
 * enough to demo and train with, and fast (a million debtors in a few seconds).
 */
import type {
  AdvanceClient,
  AdvanceTransaction,
  AdvanceTransactionDetail,
  ClientBank,
  ClientDelta,
  ClientGroup,
  CreditBureauScore,
  CreditScore,
  Debtor,
  Nickname,
} from '../../shared/api/types.ts';
import { createRandom, type Random } from './random.ts';
import * as words from './words.ts';
import { bureauReasons, calculatedReasons } from './score-reasons.ts';

export interface DebtorsDataset {
  debtors: Debtor[];
  creditScores: CreditScore[];
  bureauScores: CreditBureauScore[];
  nicknames: Nickname[];
  clientBanks: ClientBank[];
  clientGroups: ClientGroup[];
  clientDeltas: ClientDelta[];
  advanceClients: AdvanceClient[];
  transactions: AdvanceTransaction[];
  transactionDetails: AdvanceTransactionDetail[];
}

/** The lists the service answers "changed since" for (`startingDateTime`). */
export const DELTA_LISTS = [
  'debtors',
  'creditScores',
  'bureauScores',
  'clientBanks',
  'clientGroups',
  'clientDeltas',
  'advanceClients',
] as const satisfies ReadonlyArray<keyof DebtorsDataset>;

export interface DatasetOptions {
  debtors: number;
  seed: number;
  /** Records are dated before this instant (ms since epoch). */
  referenceTime: number;
}

const DAY_MS = 86_400_000;
const grades = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export const gradeOf = (score: number) => grades[Math.min(5, Math.floor((100 - score) / 12))] ?? 'F';

export const debtorKeyOf = (index: number) => `D${String(index + 1).padStart(7, '0')}`;
const clientKeyOf = (index: number) => `C${String(index + 1).padStart(5, '0')}`;
const transKeyOf = (index: number) => `T${String(index + 1).padStart(8, '0')}`;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Timestamps are drawn from a pool built once: formatting millions of dates is the slowest part
 * of generation, and real systems stamp records in batches that share instants anyway.
 */
const INSTANT_POOL_SIZE = 65_536;

export function generateDebtorsDataset(options: DatasetOptions): DebtorsDataset {
  const random = createRandom(options.seed);
  const pool = Array.from({ length: INSTANT_POOL_SIZE }, (_, index) =>
    new Date(options.referenceTime - Math.floor((index / INSTANT_POOL_SIZE) * 730 * DAY_MS)).toISOString(),
  );
  /** An instant within the last `maxDaysAgo` days (at most 730). */
  const pastInstant = (maxDaysAgo: number) => pool[Math.floor(random.next() * (maxDaysAgo / 730) * INSTANT_POOL_SIZE)] as string;

  const set: DebtorsDataset = {
    debtors: [],
    creditScores: [],
    bureauScores: [],
    nicknames: [],
    clientBanks: [],
    clientGroups: [],
    clientDeltas: [],
    advanceClients: [],
    transactions: [],
    transactionDetails: [],
  };

  for (let index = 0; index < options.debtors; index++) {
    // Drawn for every debtor, so the seeded data stays the same around the names given instead.
    const drawn = companyName(random);
    const name = index % 40 === 17 ? words.internationalNames[Math.floor(index / 40) % words.internationalNames.length]! : drawn;
    const debtor = makeDebtor(random, debtorKeyOf(index), name, pastInstant(730));
    set.debtors.push(debtor);
    if (random.chance(0.95)) set.creditScores.push(makeCreditScore(random, debtor.debtorKey, pastInstant(365)));
    if (random.chance(0.85)) set.bureauScores.push(makeBureauScore(random, debtor.debtorKey, pastInstant(365)));
    for (const nickname of makeNicknames(random, debtor, name)) {
      set.nicknames.push({ debtorKey: debtor.debtorKey, nickname, modifiedAt: pastInstant(730) });
    }
  }

  const clientCount = Math.min(5_000, Math.max(20, Math.round(options.debtors / 25)));
  for (let index = 0; index < clientCount; index++) {
    const clientKey = clientKeyOf(index);
    const name = companyName(random).full;
    set.clientBanks.push(makeClientBank(random, clientKey, pastInstant(730)));
    for (let user = random.int(1, 3); user > 0; user--) {
      set.clientGroups.push(makeClientGroup(random, clientKey, name, pastInstant(730)));
    }
    if (random.chance(0.4)) {
      set.advanceClients.push(makeAdvanceClient(random, clientKey, name, pastInstant(365)));
    }
  }

  for (let index = 0; index < Math.ceil(options.debtors / 10); index++) {
    const field = random.pick(words.deltaFields);
    const [oldValue, newValue] = deltaValues(random, field);
    set.clientDeltas.push({
      changeKey: `CD${String(index + 1).padStart(8, '0')}`,
      clientKey: clientKeyOf(random.int(0, clientCount - 1)),
      debtorKey: debtorKeyOf(random.int(0, options.debtors - 1)),
      field,
      oldValue,
      newValue,
      modifiedAt: pastInstant(365),
    });
  }

  addTransactions(random, set, options);
  addRelations(set, options, clientCount, pool);
  return set;
}

/**
 * Which debtors each client factors, as the service tells it: a change record per client–debtor
 * pair ("approved"), for one debtor in ten spread over the clients (books of a few), and for one
 * in twenty with the first client, whose book is the large one (5,000 debtors at 100,000). Made
 * after every random draw, from the indexes alone, so the rest of a seed's data set is as it was.
 */
function addRelations(set: DebtorsDataset, options: DatasetOptions, clientCount: number, pool: readonly string[]): void {
  const relate = (clientIndex: number, debtorIndex: number) =>
    set.clientDeltas.push({
      changeKey: `CR${String(set.clientDeltas.length + 1).padStart(8, '0')}`,
      clientKey: clientKeyOf(clientIndex),
      debtorKey: debtorKeyOf(debtorIndex),
      field: 'approved',
      oldValue: null,
      newValue: 'true',
      modifiedAt: pool[(debtorIndex * 7_919) % pool.length]!,
    });
  for (let index = 0; index < options.debtors; index += 10) relate(1 + ((index / 10) % Math.max(1, clientCount - 1)), index);
  for (let index = 5; index < options.debtors; index += 20) relate(0, index);
}

interface CompanyName {
  full: string;
  prefix: string;
  core: string;
  place: string;
}

function companyName(random: Random): CompanyName {
  const prefix = random.pick(words.namePrefixes);
  const core = random.pick(words.nameCores);
  const place = random.chance(0.25) ? random.pick(words.cities)[0] : '';
  const full = `${prefix} ${core}${place ? ` of ${place}` : ''} ${random.pick(words.nameSuffixes)}`;
  return { full, prefix, core, place };
}

/**
 * What the debtor owes now, from its key rather than the random stream (so every other generated
 * value stays as it was): none for one debtor in eight, as not every service sends it; up to 115 %
 * of the limit, so a few are over it.
 */
export function openBalanceOf(debtorKey: string, creditLimit: number): { openBalance?: number } {
  const number = Number(debtorKey.replace(/\D/g, '')) || 0;
  if (number % 8 === 3) return {};
  const share = ((number * 7_919) % 1_000) / 1_000;
  return { openBalance: Math.round((creditLimit * share * 1.15) / 100) * 100 };
}

function makeDebtor(random: Random, debtorKey: string, name: CompanyName, modifiedAt: string): Debtor {
  const [city, state, postalCode] = random.pick(words.cities);
  const debtor: Debtor = {
    debtorKey,
    name: name.full,
    address1: `${random.int(100, 9899)} ${random.pick(words.streets)}`,
    city,
    state,
    postalCode,
    country: 'US',
    phone: `(${random.int(201, 989)}) 555-${String(random.int(0, 9999)).padStart(4, '0')}`,
    mcNumber: random.chance(0.3) ? `MC${random.int(100_000, 999_999)}` : null,
    creditLimit: random.int(1, 200) * 5_000,
    status: random.chance(0.9) ? 'active' : random.pick(['inactive', 'hold'] as const),
    modifiedAt,
  };
  return { ...debtor, ...openBalanceOf(debtorKey, debtor.creditLimit!) };
}

function makeCreditScore(random: Random, debtorKey: string, modifiedAt: string): CreditScore {
  // Scores cluster in the 50s-90s like a real book of business.
  const score = Math.max(0, Math.min(100, Math.round(75 + (random.next() + random.next() + random.next() - 1.5) * 30)));
  const daysBeyondTerms = Math.max(0, Math.round((100 - score) / 2 + random.int(-5, 5)));
  const reasons = calculatedReasons(debtorKey, score, daysBeyondTerms);
  return {
    debtorKey,
    score,
    grade: gradeOf(score),
    daysBeyondTerms,
    calculatedAt: modifiedAt,
    ...(reasons ? { reasons } : {}),
    modifiedAt,
  };
}

function makeBureauScore(random: Random, debtorKey: string, modifiedAt: string): CreditBureauScore {
  const bureauScore = random.int(20, 100);
  const reasons = bureauReasons(debtorKey, bureauScore);
  return {
    debtorKey,
    bureauScore,
    riskClass: Math.min(5, Math.max(1, 6 - Math.ceil(bureauScore / 20))),
    reportDate: modifiedAt.slice(0, 10),
    ...(reasons ? { reasons } : {}),
    modifiedAt,
  };
}

/** Alternate names people really use: the short name, an acronym, a trade name. */
const nicknameCounts = [0, 0, 1, 1, 1, 2, 3] as const;

function makeNicknames(random: Random, debtor: Debtor, name: CompanyName): string[] {
  const count = random.pick(nicknameCounts);
  if (count === 0) return [];
  const plain = `${name.prefix} ${name.core}`;
  const initials = (words: string) =>
    words
      .split(' ')
      .map((word) => word[0])
      .join('');
  const acronym = `${initials(name.prefix)}${initials(name.core)}`.toUpperCase();
  const candidates = [plain, acronym, `${name.prefix} - ${name.place || debtor.city}`];
  return candidates.slice(0, count);
}

function makeClientBank(random: Random, clientKey: string, modifiedAt: string): ClientBank {
  return {
    clientKey,
    bankName: random.pick(words.banks),
    routingNumber: String(random.int(11_000_000, 32_999_999)).padStart(9, '0'),
    accountLast4: String(random.int(0, 9999)).padStart(4, '0'),
    accountType: random.chance(0.85) ? 'checking' : 'savings',
    modifiedAt,
  };
}

function makeClientGroup(random: Random, clientKey: string, clientName: string, modifiedAt: string): ClientGroup {
  const first = random.pick(words.firstNames);
  const last = random.pick(words.lastNames);
  return {
    clientKey,
    groupName: `${clientName.split(' ')[0]} team`,
    userName: `${first} ${last}`,
    role: random.pick(['account executive', 'collector', 'underwriter', 'verifier'] as const),
    email: `${first}.${last}@factoring.example`.toLowerCase(),
    modifiedAt,
  };
}

function makeAdvanceClient(random: Random, clientKey: string, name: string, modifiedAt: string): AdvanceClient {
  return {
    clientKey,
    name,
    status: random.chance(0.85) ? 'active' : random.pick(['suspended', 'closed'] as const),
    advanceRate: random.int(70, 95) / 100,
    creditLine: random.int(5, 200) * 10_000,
    modifiedAt,
  };
}

function deltaValues(random: Random, field: (typeof words.deltaFields)[number]): [string | null, string | null] {
  switch (field) {
    case 'creditLimit':
      return [String(random.int(1, 100) * 5_000), String(random.int(1, 100) * 5_000)];
    case 'paymentTerms':
      return [random.pick(['Net 30', 'Net 45', 'Net 60']), random.pick(['Net 15', 'Net 30', 'Net 45'])];
    case 'status':
      return ['active', random.pick(['hold', 'inactive'])];
    default:
      return [random.chance(0.5) ? 'true' : 'false', random.chance(0.5) ? 'true' : 'false'];
  }
}

function addTransactions(random: Random, set: DebtorsDataset, options: DatasetOptions): void {
  let transIndex = 0;
  for (const client of set.advanceClients) {
    for (let count = random.int(5, 30); count > 0; count--) {
      const transKey = transKeyOf(transIndex++);
      const dayMs = options.referenceTime - random.int(0, 540) * DAY_MS;
      const type = random.pick(['advance', 'advance', 'advance', 'repayment', 'repayment', 'fee', 'adjustment'] as const);
      const lines = type === 'advance' || type === 'repayment' ? random.int(1, 4) : 1;
      const modifiedAt = new Date(dayMs + random.int(8, 17) * 3_600_000).toISOString();
      let amount = 0;
      for (let lineNo = 1; lineNo <= lines; lineNo++) {
        const lineAmount = lineAmountFor(random, type);
        amount += lineAmount;
        set.transactionDetails.push({
          transKey,
          lineNo,
          invoiceNumber: `INV-${random.int(10_000, 99_999)}`,
          debtorKey: debtorKeyOf(random.int(0, options.debtors - 1)),
          amount: lineAmount,
          description: type === 'fee' ? 'Factoring fee' : type === 'adjustment' ? 'Balance adjustment' : `Invoice ${type}`,
          modifiedAt,
        });
      }
      set.transactions.push({
        transKey,
        clientKey: client.clientKey,
        transDate: isoDay(dayMs),
        type,
        amount: Math.round(amount * 100) / 100,
        description: `${type[0]?.toUpperCase()}${type.slice(1)} · ${lines} line${lines === 1 ? '' : 's'}`,
        modifiedAt,
      });
    }
  }
}

function lineAmountFor(random: Random, type: AdvanceTransaction['type']): number {
  const cents = random.int(50_000, 2_500_000);
  const sign = type === 'repayment' ? -1 : 1;
  const scale = type === 'fee' ? 0.03 : type === 'adjustment' ? 0.1 : 1;
  return (sign * Math.round(cents * scale)) / 100;
}
