import { Decimal } from '@ev/shared/money';
import type { Formatter } from '@/lib/format';

/** The places a decimal string carries ('2.5000' → 4): an amount keeps its branch's places, at least 2. */
const placesOf = (value: string) => value.split('.')[1]?.length ?? 0;

/** Loyalty's figures as the screens show them: money at its own places (at least 2), whole points, signed moves. */
export function loyaltyFormat(format: Formatter) {
  const money = (value: string) => format.money(value, Math.max(2, placesOf(value)));
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
