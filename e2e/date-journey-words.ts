// The words of the weekly event's journey (date-journey.test.ts) in English and German.

/** What the journey reads and clicks, in the language it runs in. */
export interface Words {
  /** The browser's locale, and the app's language code (its cookie). */
  locale: string;
  language: string;
  byRule: string;
  ruleDialog: string;
  addDates: string;
  tuesday: string;
  from: string;
  until: string;
  startTime: string;
  endTime: string;
  label: string;
  added: string;
  table: string;
  actions: RegExp;
  delete: string;
  deleteDialog: string;
  more: string;
  checkout: string;
  first: string;
  last: string;
  email: string;
  copy: string;
  card: string;
  completed: string;
  calendar: string;
  pdf: string;
  find: string;
  checkIn: (name: string) => string;
  cancelDate: string;
  refundAll: string;
  subject: string;
  message: string;
  cancelThis: string;
  handled: string;
  close: string;
  refundedMail: RegExp;
  /** The buyer's order page of a cancelled order. */
  cancelled: string;
  orderDialog: string;
  /** The drawer's line of what was given back. */
  refunded: RegExp;
}

export const EN: Words = {
  locale: 'en-US',
  language: 'en',
  byRule: 'Add dates by rule',
  ruleDialog: 'Add dates by a rule',
  addDates: 'Add dates',
  tuesday: 'Tuesday',
  from: 'From',
  until: 'Until',
  startTime: 'Start time',
  endTime: 'End time',
  label: 'Label',
  added: '6 dates have been added.',
  table: 'Dates of this event',
  actions: /^Actions for /,
  delete: 'Delete',
  deleteDialog: 'Delete this date?',
  more: 'More Class',
  checkout: 'Check out (1)',
  first: 'First name',
  last: 'Last name',
  email: 'E-mail',
  copy: 'Copy my details',
  card: 'Visa 4242 – payment succeeds',
  completed: 'Completed',
  calendar: 'Add to calendar',
  pdf: 'Download PDF',
  find: 'Find by name, order reference or e-mail',
  checkIn: (name) => `Check in ${name}`,
  cancelDate: 'Cancel date…',
  refundAll: 'Refund everyone',
  subject: 'Subject',
  message: 'Message',
  cancelThis: 'Cancel this date',
  handled: 'Every order of this date has been handled.',
  close: 'Close',
  refundedMail: /Your order has been cancelled and €25\.00 is being refunded\./,
  cancelled: 'This order was cancelled',
  orderDialog: 'Order',
  refunded: /Refunded\s*−€25\.00/,
};

export const DE: Words = {
  locale: 'de-DE',
  language: 'de',
  byRule: 'Termine nach Regel hinzufügen',
  ruleDialog: 'Termine nach einer Regel hinzufügen',
  addDates: 'Termine hinzufügen',
  tuesday: 'Dienstag',
  from: 'Von',
  until: 'Bis',
  startTime: 'Beginn',
  endTime: 'Ende',
  label: 'Bezeichnung',
  added: '6 Termine wurden hinzugefügt.',
  table: 'Termine dieser Veranstaltung',
  actions: /^Aktionen für /,
  delete: 'Löschen',
  deleteDialog: 'Diesen Termin löschen?',
  more: 'Mehr Class',
  checkout: 'Zur Kasse (1)',
  first: 'Vorname',
  last: 'Nachname',
  email: 'E-Mail',
  copy: 'Meine Angaben übernehmen',
  card: 'Visa 4242 – Zahlung gelingt',
  completed: 'Abgeschlossen',
  calendar: 'Zum Kalender hinzufügen',
  pdf: 'PDF herunterladen',
  find: 'Nach Name, Bestellnummer oder E-Mail suchen',
  checkIn: (name) => `${name} einchecken`,
  cancelDate: 'Termin absagen…',
  refundAll: 'Allen erstatten',
  subject: 'Betreff',
  message: 'Nachricht',
  cancelThis: 'Diesen Termin absagen',
  handled: 'Alle Bestellungen dieses Termins wurden bearbeitet.',
  close: 'Schließen',
  refundedMail: /Ihre Bestellung wurde storniert und 25,00\s€ werden erstattet\./,
  cancelled: 'Diese Bestellung wurde storniert',
  orderDialog: 'Bestellung',
  refunded: /Erstattet\s*−25,00\s€/,
};
