import { Decimal, placesIn } from '@ev/shared/money';
import type { Formatter } from '@/lib/format';

/** Loyalty's figures as the screens show them: money at its own places (at least 2), whole points, signed moves. */
export function loyaltyFormat(format: Formatter) {
  // An amount keeps the places it carries (its branch's), at least 2: '2.5000' → 4.
  const money = (value: string) => format.money(value, placesIn(value));
  const points = (value: number) => format.number(value, 0);
  return {
    money,
    points,
    /** A point's value: its places without the trailing zeros, at least 2 ('0.0100' → 'R$ 0,01', '0.0125' → 'R$ 0,0125'). */
    rate: (value: string) => format.money(value, Math.max(2, new Decimal(value).decimalPlaces())),
    /** A ledger entry's move: '+R$ 2,00', '-R$ 2,00'; '' when it moved none of it. */
    signedMoney: (value: string) => (/^-?0*(?:\.0*)?$/.test(value) ? '' : value.startsWith('-') ? money(value) : `+${money(value)}`),
    signedPoints: (value: number) => (value === 0 ? '' : value > 0 ? `+${points(value)}` : points(value)),
  };
}
