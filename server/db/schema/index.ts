// One file per aggregate; this index is what drizzle and the services see.
export * from './account-users';
export * from './accounts';
export * from './capacity';
export * from './check-in';
export * from './events';
export * from './images';
export * from './jobs';
export * from './messages';
export * from './orders';
export * from './organizers';
export * from './payments';
export * from './promo-codes';
export * from './questions';
export * from './stats';
export * from './taxes-fees';
export * from './tickets';
export * from './users';
