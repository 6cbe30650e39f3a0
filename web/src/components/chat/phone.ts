/** A number as a Brazilian reads it: +55 (14) 99123-4567. */
export function showWhatsApp(phone: string): string {
  const m = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(phone);
  return m ? `+55 (${m[1]}) ${m[2]}-${m[3]}` : `+${phone}`;
}
