import { describe, expect, it } from 'vitest';
import { BrCodeError, BrCodeInputError, crc16, decodeBrCode, field, pixAmount, plainAscii, staticPix } from './brcode';

/** Banco Central's manual: a static code with a random key, no amount (CRC 1D3D). */
const MANUAL_STATIC = '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
/** Banco Central's manual: a dynamic code, its payload's URL in 26-25, R$ 123,45 (CRC 45C8). */
const MANUAL_DYNAMIC = '00020101021226720014br.gov.bcb.pix2550bx.com.br/pix/8b3da2f3-9a41-40d1-a91a-bd93113bd4415204000053039865406123.455802BR5913Fulano de Tal6008BRASILIA62190515RP12345678-2019630445C8';

describe('crc16', () => {
  it('is CRC16-CCITT-FALSE: the check value of "123456789" is 29B1', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('closes both examples of the manual, over the text up to and including 6304', () => {
    expect(crc16(MANUAL_STATIC.slice(0, -4))).toBe('1D3D');
    expect(crc16(MANUAL_DYNAMIC.slice(0, -4))).toBe('45C8');
  });
});

describe('staticPix', () => {
  it('writes the manual’s static example byte for byte', () => {
    expect(staticPix({ key: '123e4567-e12b-12d1-a456-426655440000', name: 'Fulano de Tal', city: 'BRASILIA' })).toBe(MANUAL_STATIC);
  });

  it('writes a CRC with a leading zero as four digits', () => {
    const code = staticPix({ key: 'financeiro@exemplo.com.br', name: 'Distribuidora Exemplo', city: 'Bauru', amount: '149.90', txid: 'PED47711' });
    expect(code).toBe('00020126470014br.gov.bcb.pix0125financeiro@exemplo.com.br5204000053039865406149.905802BR5921Distribuidora Exemplo6005BAURU62120508PED4771163040EA9');
    expect(code.slice(-4)).toBe('0EA9');
  });

  it('writes the amount with two decimals and refuses what is not an amount', () => {
    const base = { key: '+5514999990000', name: 'Loja', city: 'Bauru' };
    expect(decodeBrCode(staticPix({ ...base, amount: '10' })).amount).toBe('10.00');
    expect(staticPix({ ...base, amount: '7.5' })).toContain('54047.50');
    for (const amount of ['0', '-1', '1.005', 'abc']) expect(() => staticPix({ ...base, amount })).toThrow(BrCodeInputError);
  });

  it('writes the name and city in plain ASCII, the city in capitals, each cut to its length on the final text', () => {
    const code = staticPix({ key: '12345678000195', name: 'Empório São João & Filhos Comércio de Bebidas', city: 'São João del-Rei', txid: 'Pedido 1.234/5' });
    const d = decodeBrCode(code);
    expect(d.city).toBe('SAO JOAO DEL-RE');
    expect(code).toContain('6015SAO JOAO DEL-RE');
    expect(d.name).toBe('Emporio Sao Joao & Filhos');
    expect(d.name).toHaveLength(25);
    // The transaction id: letters and digits only.
    expect(d.txid).toBe('Pedido12345');
    expect(plainAscii('Ação – çã', 25)).toBe('Acao ca');
  });

  it('marks a code without a transaction id with ***', () => {
    expect(decodeBrCode(staticPix({ key: 'a@b.com', name: 'Loja', city: 'Bauru', txid: '--' })).txid).toBe('***');
  });
});

describe('decodeBrCode', () => {
  it('reads the manual’s dynamic code field by field, and the fields written again give it back byte for byte', () => {
    const d = decodeBrCode(MANUAL_DYNAMIC);
    expect(d).toMatchObject({ payloadFormat: '01', pointOfInitiation: '12', gui: 'br.gov.bcb.pix', key: null, url: 'bx.com.br/pix/8b3da2f3-9a41-40d1-a91a-bd93113bd441', merchantCategoryCode: '0000', currency: '986', amount: '123.45', country: 'BR', name: 'Fulano de Tal', city: 'BRASILIA', txid: 'RP12345678-2019', crc: '45C8', dynamic: true });
    const body = d.fields.map(([id, value]) => field(id, value)).join('') + '6304';
    expect(body + crc16(body)).toBe(MANUAL_DYNAMIC);
  });

  it('reads back every code the sandbox writes', () => {
    const input = { key: 'vendas@distribuidora.com.br', name: 'Distribuidora Exemplo Ltda', city: 'Bauru', amount: '1234.56', txid: 'EV0001234', description: 'Pedido 1234' };
    expect(decodeBrCode(staticPix(input))).toMatchObject({ key: input.key, amount: '1234.56', name: 'Distribuidora Exemplo Ltd', city: 'BAURU', txid: 'EV0001234', description: 'Pedido 1234', dynamic: false });
  });

  it('refuses a code whose CRC does not match, or that is no Pix code', () => {
    const tampered = MANUAL_STATIC.replace('Fulano', 'Beltra');
    expect(() => decodeBrCode(tampered)).toThrow(BrCodeError);
    expect(() => decodeBrCode('not a pix')).toThrow(BrCodeError);
    const other = `${field('00', '01')}${field('26', field('00', 'com.example.pay') + field('01', 'x'))}${field('52', '0000')}${field('53', '986')}${field('58', 'BR')}${field('59', 'A')}${field('60', 'B')}6304`;
    expect(() => decodeBrCode(other + crc16(other))).toThrow(/br.gov.bcb.pix/);
  });
});

describe('pixAmount', () => {
  it('charges a total at cents, half-up: a branch with 4 places pays what a Pix can carry', () => {
    expect(pixAmount('10.1250')).toBe('10.13');
    expect(pixAmount('10.1249')).toBe('10.12');
    expect(pixAmount('56.7')).toBe('56.70');
    expect(decodeBrCode(staticPix({ key: '12345678000195', name: 'Loja', city: 'Bauru', amount: pixAmount('0.0050') })).amount).toBe('0.01');
  });
});
