/**
 * The small choice lists a list's URL filters name (its search params), apart from the schemas
 * that validate records: a module of constants builds nothing when it loads, so the web app's
 * route tree, which validates every list's search params, does not build the clients', products',
 * users' and other records' schemas on every page's first load (nor the order entry, its payment and
 * transport choices). The schema modules re-export them.
 */

export const CLIENT_STATUSES = ['active', 'inactive'] as const;
export const CLIENT_SITUATIONS = ['normal', 'analysis', 'problem', 'closed'] as const;
export const PRODUCT_STATUSES = ['active', 'inactive'] as const;
export const USER_FLAGS = ['employee', 'salesman', 'supervisor'] as const;
/** The levels a company's log keeps (info lines go to the console only). */
export const LOG_LEVELS = ['audit', 'warn', 'error'] as const;
/** The inventory position's groupings. */
export const POSITION_GROUPINGS = ['product', 'branch'] as const;
/** A WhatsApp template's states at Meta (spec section 4). */
export const TEMPLATE_STATUSES = ['approved', 'rejected', 'pending'] as const;
/** A company's state in the operator's area (docs/admin.md). */
export const COMPANY_STATUSES = ['active', 'suspended'] as const;
/** What the geolocation map shows: the sales (where each was closed), the visits (where each was checked in), or both. */
export const GEO_KINDS = ['all', 'sales', 'visits'] as const;
/** How a client usually pays (its record) and how an order is paid. */
export const PAYMENT_TYPES = ['boleto', 'pix', 'cash', 'card', 'check', 'deposit', 'other'] as const;
export const INSTALLMENT_TYPES = ['title', 'card', 'check', 'returned_check', 'other', 'unknown'] as const;
/** Derived at read, never stored: it changes with the calendar. */
export const INSTALLMENT_STATUSES = ['paid', 'pending', 'overdue', 'cancelled'] as const;
/**
 * Who pays the transport (NF-e `modFrete`): 0 the seller (CIF), 1 the buyer (FOB, the spec's
 * default "transport costing 1"), 2 a third party, 3 and 4 own transport of the seller or the
 * buyer, 9 no transport.
 */
export const TRANSPORT_COSTINGS = [0, 1, 2, 3, 4, 9] as const;

/** A WhatsApp contact's state (messages' contacts, issue 46): linked to its client, kept apart for review, blocked. */
export const CONTACT_STATES = ['linked', 'review', 'blocked'] as const;
