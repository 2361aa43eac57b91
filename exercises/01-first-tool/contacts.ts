// The contact list search_contacts looks through. Given: you do not need to change it.

export interface Contact {
  name: string;
  email: string;
  phone: string;
}

export const CONTACTS: Contact[] = [
  { name: "Anna Petrova", email: "anna.petrova@example.com", phone: "+7 900 111-22-33" },
  { name: "Ivan Sidorov", email: "ivan.sidorov@example.com", phone: "+7 900 444-55-66" },
  { name: "Anne Smith", email: "anne.smith@example.com", phone: "+44 20 7946 0018" },
  { name: "Marco Rossi", email: "marco.rossi@example.com", phone: "+39 06 555 0142" },
  { name: "Ivana Novak", email: "ivana.novak@example.com", phone: "+385 1 555 0199" },
  { name: "Ольга Смирнова", email: "olga.smirnova@example.com", phone: "+7 900 777-88-99" },
];
