import { z } from 'zod';

// Portuguese is the language of every validation message the API and the web show.
z.config(z.locales.pt());

export { z };
