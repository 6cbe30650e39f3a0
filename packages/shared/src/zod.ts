import { z } from 'zod';
// Only the Portuguese locale: `z.locales` would pull every language into the bundles.
import pt from 'zod/v4/locales/pt.js';

// Portuguese is the language of every validation message the API and the web show.
z.config(pt());

export { z };
