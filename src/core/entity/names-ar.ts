/**
 * Common Arabic given names and family names in Latin letters, written for this project: faker's
 * Arabic locale has them only in Arabic script, and a letter-by-letter transliteration drops the
 * vowels ("Ahmd"). Gender follows common usage. scripts/make-name-lists.ts adds these to the
 * romanised names it finds (the surnames are DBName's Arabic surnames as they are).
 */
export const ARABIC_NAMES = {
  male: 'Ahmed Mohammed Omar Ali Hassan Hussein Khalid Youssef Ibrahim Mustafa Tariq Karim Samir Nabil Walid Faisal Hamza Bilal Ziad Rami Jamal Adel Majid Nasser Saeed Fadi Amir Yasser Hisham Marwan'.split(' '),
  female: 'Fatima Aisha Maryam Layla Nour Zainab Huda Salma Amira Yasmin Rania Leila Samira Hana Dalia Farah Lina Mona Noura Reem Sara Jamila Nadia Rasha Suha Widad Zahra Basma Dina Ghada'.split(' '),
  neutral: 'Nour Salam Iman Wafa Jihad Rida'.split(' '),
  last: 'Haddad Khoury Mansour Nasser Saleh Hamdan Qasim Rahman Aziz Farouk Habib Hakim Jaber Kassab Mahmoud Najjar Rashid Sabbagh Shami Tahan Yousef Zayed Bakr Darwish Ghanem Halabi Issa Masri Sayegh Tamimi'.split(' '),
};
