import type { PrayerPartKind, PrayerTopic } from "./generator-views";

export interface LibraryPart {
  kind: PrayerPartKind;
  /** Null: suits every topic. */
  topic: PrayerTopic | null;
  textEn: string;
  textEs: string;
}

type Pair = readonly [en: string, es: string];

const general = (kind: PrayerPartKind, pairs: Pair[]): LibraryPart[] =>
  pairs.map(([textEn, textEs]) => ({ kind, topic: null, textEn, textEs }));
const forTopic = (topic: PrayerTopic, kind: PrayerPartKind, pairs: Pair[]): LibraryPart[] =>
  pairs.map(([textEn, textEs]) => ({ kind, topic, textEn, textEs }));

/**
 * The curated bilingual library: the demo seed writes it to `prayer_parts`, and the composer
 * falls back to it for any kind the database has no active part for, so the generator always
 * works. English addresses God as "you"; Spanish uses the familiar "tú" of prayer. Closings
 * carry no "Amen": the composer adds it. Scripture parts hold only the reference.
 */
export const PRAYER_LIBRARY: readonly LibraryPart[] = [
  ...general("opening", [
    [
      "Heavenly Father, thank you that I can come to you just as I am.",
      "Padre celestial, gracias porque puedo acercarme a ti tal como soy.",
    ],
    [
      "Lord God, you know my heart before I speak a single word.",
      "Señor Dios, tú conoces mi corazón antes de que yo diga una sola palabra.",
    ],
    ["Gracious God, I come before you today with an open heart.", "Dios de gracia, hoy vengo delante de ti con el corazón abierto."],
    ["Father, in the name of Jesus I come to you in prayer.", "Padre, en el nombre de Jesús vengo a ti en oración."],
    [
      "Faithful God, your love never fails and your mercies are new every morning.",
      "Dios fiel, tu amor nunca falla y tus misericordias son nuevas cada mañana.",
    ],
    [
      "Lord, I quiet my heart before you and trust that you hear me.",
      "Señor, aquieto mi corazón delante de ti y confío en que me escuchas.",
    ],
  ]),
  ...forTopic("healing", "opening", [
    [
      "Lord Jesus, you are the Great Physician, and nothing is too hard for you.",
      "Señor Jesús, tú eres el gran Médico, y para ti nada es imposible.",
    ],
  ]),
  ...forTopic("family", "opening", [
    [
      "Heavenly Father, you give a home to the lonely and you love every family.",
      "Padre celestial, tú das un hogar a los que están solos y amas a cada familia.",
    ],
  ]),
  ...forTopic("gratitude", "opening", [
    [
      "Lord, my heart is full, and I want to begin simply by saying thank you.",
      "Señor, mi corazón está lleno, y quiero comenzar simplemente diciéndote gracias.",
    ],
  ]),
  ...forTopic("guidance", "opening", [
    [
      "God of wisdom, you see the whole road when I can see only the next step.",
      "Dios de sabiduría, tú ves todo el camino cuando yo solo veo el próximo paso.",
    ],
  ]),
  ...forTopic("grief", "opening", [
    [
      "God of all comfort, you are near to the brokenhearted.",
      "Dios de toda consolación, tú estás cerca de los que tienen el corazón quebrantado.",
    ],
  ]),
  ...forTopic("work", "opening", [
    [
      "Lord, every good gift comes from you, and my work is in your hands.",
      "Señor, todo buen regalo viene de ti, y mi trabajo está en tus manos.",
    ],
  ]),
  ...forTopic("peace", "opening", [
    ["Prince of Peace, I come to you with a restless heart.", "Príncipe de paz, vengo a ti con un corazón inquieto."],
  ]),
  ...forTopic("provision", "opening", [
    [
      "Faithful Provider, you feed the birds of the air and you know what I need.",
      "Proveedor fiel, tú alimentas a las aves del cielo y sabes lo que necesito.",
    ],
  ]),

  ...forTopic("healing", "petition", [
    [
      "I ask you to bring healing to body, mind and spirit, and to give strength for each new day.",
      "Te pido que traigas sanidad al cuerpo, a la mente y al espíritu, y que des fuerzas para cada nuevo día.",
    ],
    [
      "Guide the hands of the doctors and nurses, and give wisdom in every decision about treatment.",
      "Guía las manos de los médicos y las enfermeras, y da sabiduría en cada decisión sobre el tratamiento.",
    ],
    [
      "When the waiting is long and the pain is real, let your presence be closer than the pain.",
      "Cuando la espera es larga y el dolor es real, que tu presencia esté más cerca que el dolor.",
    ],
  ]),
  ...forTopic("family", "petition", [
    [
      "Fill our home with patience, kindness and forgiveness, so that your love is seen in the way we treat one another.",
      "Llena nuestro hogar de paciencia, bondad y perdón, para que tu amor se vea en la manera en que nos tratamos.",
    ],
    [
      "Heal what is broken between us, and give us the humility to listen and the courage to say sorry.",
      "Sana lo que está roto entre nosotros, y danos la humildad para escuchar y el valor para pedir perdón.",
    ],
    [
      "Protect our children and our elders, and draw every member of our family closer to you.",
      "Protege a nuestros niños y a nuestros mayores, y acerca a ti a cada miembro de nuestra familia.",
    ],
  ]),
  ...forTopic("gratitude", "petition", [
    [
      "Thank you for the gift of life, for every breath and for the people who love me.",
      "Gracias por el regalo de la vida, por cada respiro y por las personas que me aman.",
    ],
    [
      "Thank you for the answered prayers I remember, and for the many blessings I never even noticed.",
      "Gracias por las oraciones contestadas que recuerdo, y por las muchas bendiciones que ni siquiera noté.",
    ],
    [
      "Teach me to give thanks in every circumstance and to share generously what you have given me.",
      "Enséñame a dar gracias en toda circunstancia y a compartir con generosidad lo que me has dado.",
    ],
  ]),
  ...forTopic("guidance", "petition", [
    [
      "Give me wisdom for the decision in front of me, and make the right path clear.",
      "Dame sabiduría para la decisión que tengo por delante, y muéstrame con claridad el camino correcto.",
    ],
    [
      "Close the doors that are not from you, and open the ones you have prepared for me.",
      "Cierra las puertas que no vienen de ti, y abre las que has preparado para mí.",
    ],
    [
      "Quiet the many voices around me so that I can hear yours, and give me peace when I have to choose.",
      "Calla las muchas voces que me rodean para que pueda escuchar la tuya, y dame paz cuando tenga que decidir.",
    ],
  ]),
  ...forTopic("grief", "petition", [
    [
      "Hold me in this sorrow, and comfort me in the moments when the loss feels heaviest.",
      "Sostenme en esta tristeza, y consuélame en los momentos en que la pérdida pesa más.",
    ],
    [
      "Thank you for the life and the love we shared; help me carry those memories with gratitude.",
      "Gracias por la vida y el amor que compartimos; ayúdame a guardar esos recuerdos con gratitud.",
    ],
    [
      "Surround me with people who will walk with me, and fill me with the hope of the resurrection.",
      "Rodéame de personas que caminen conmigo, y lléname de la esperanza de la resurrección.",
    ],
  ]),
  ...forTopic("work", "petition", [
    [
      "Help me do my work with honesty and excellence, as working for you and not only for people.",
      "Ayúdame a hacer mi trabajo con honestidad y excelencia, como para ti y no solo para las personas.",
    ],
    [
      "Give me good relationships with the people I work with, and patience when the days are hard.",
      "Dame buenas relaciones con las personas con quienes trabajo, y paciencia cuando los días son difíciles.",
    ],
    [
      "If I am looking for work, open the right door and give me confidence that you go before me.",
      "Si estoy buscando trabajo, abre la puerta correcta y dame la confianza de que tú vas delante de mí.",
    ],
  ]),
  ...forTopic("peace", "petition", [
    [
      "Calm the anxious thoughts that keep me awake, and guard my heart and mind in Christ Jesus.",
      "Calma los pensamientos ansiosos que no me dejan dormir, y guarda mi corazón y mi mente en Cristo Jesús.",
    ],
    [
      "Where there is conflict, make me an instrument of your peace, quick to listen and slow to anger.",
      "Donde haya conflicto, hazme instrumento de tu paz, pronto para escuchar y lento para el enojo.",
    ],
    [
      "Teach me to leave tomorrow in your hands and to rest in your care today.",
      "Enséñame a dejar el mañana en tus manos y a descansar hoy en tu cuidado.",
    ],
  ]),
  ...forTopic("provision", "petition", [
    [
      "Provide what we need for today: food on the table, a roof over our heads and enough to share.",
      "Provee lo que necesitamos para hoy: comida en la mesa, un techo sobre nuestras cabezas y lo suficiente para compartir.",
    ],
    [
      "Give me wisdom with money, freedom from worry and a generous heart.",
      "Dame sabiduría para administrar el dinero, libertad de la preocupación y un corazón generoso.",
    ],
    [
      "Where there are debts and unpaid bills, make a way where I cannot see one.",
      "Donde hay deudas y cuentas sin pagar, abre un camino donde yo no lo veo.",
    ],
  ]),

  ...general("intercession", [
    [
      "I lift up {{name}} to you. Surround {{name}} with your love, and remind them that they are never alone.",
      "Te presento a {{name}}. Rodea a {{name}} con tu amor, y recuérdale que nunca le falta tu compañía.",
    ],
    [
      "Bless {{name}} today, Lord. Meet every need and give strength, peace and hope.",
      "Bendice hoy a {{name}}, Señor. Suple cada necesidad y dale fuerza, paz y esperanza.",
    ],
    [
      "I pray for {{name}}: stay close in every moment, and let your grace be enough.",
      "Oro por {{name}}: quédate cerca en cada momento, y que tu gracia sea suficiente.",
    ],
    [
      "Hold {{name}} close to your heart, and let your light shine on the road ahead.",
      "Guarda a {{name}} cerca de tu corazón, y que tu luz alumbre el camino que tiene por delante.",
    ],
  ]),

  ...general("closing", [
    ["I ask all this in the name of Jesus.", "Todo esto te lo pido en el nombre de Jesús."],
    [
      "I trust you with all of it, because you are good and your love endures forever.",
      "Te lo confío todo, porque eres bueno y tu amor es para siempre.",
    ],
    [
      "Thank you for hearing me. I leave this prayer in your hands, in Jesus' name.",
      "Gracias por escucharme. Dejo esta oración en tus manos, en el nombre de Jesús.",
    ],
    ["To you be the glory, now and forever, through Christ our Lord.", "A ti sea la gloria, ahora y siempre, por Cristo nuestro Señor."],
  ]),

  ...general("scripture", [
    ["Jeremiah 29:11", "Jeremías 29:11"],
    ["Matthew 11:28", "Mateo 11:28"],
    ["Romans 8:28", "Romanos 8:28"],
  ]),
  ...forTopic("healing", "scripture", [
    ["Jeremiah 17:14", "Jeremías 17:14"],
    ["Psalm 103:2-3", "Salmo 103:2-3"],
    ["James 5:15", "Santiago 5:15"],
    ["Isaiah 53:5", "Isaías 53:5"],
  ]),
  ...forTopic("family", "scripture", [
    ["Joshua 24:15", "Josué 24:15"],
    ["Colossians 3:13-14", "Colosenses 3:13-14"],
    ["Psalm 127:1", "Salmo 127:1"],
  ]),
  ...forTopic("gratitude", "scripture", [
    ["1 Thessalonians 5:18", "1 Tesalonicenses 5:18"],
    ["Psalm 100:4", "Salmo 100:4"],
    ["James 1:17", "Santiago 1:17"],
  ]),
  ...forTopic("guidance", "scripture", [
    ["Proverbs 3:5-6", "Proverbios 3:5-6"],
    ["James 1:5", "Santiago 1:5"],
    ["Psalm 32:8", "Salmo 32:8"],
  ]),
  ...forTopic("grief", "scripture", [
    ["Psalm 34:18", "Salmo 34:18"],
    ["Matthew 5:4", "Mateo 5:4"],
    ["Revelation 21:4", "Apocalipsis 21:4"],
    ["John 11:25", "Juan 11:25"],
  ]),
  ...forTopic("work", "scripture", [
    ["Colossians 3:23", "Colosenses 3:23"],
    ["Proverbs 16:3", "Proverbios 16:3"],
    ["Psalm 90:17", "Salmo 90:17"],
  ]),
  ...forTopic("peace", "scripture", [
    ["Philippians 4:6-7", "Filipenses 4:6-7"],
    ["John 14:27", "Juan 14:27"],
    ["Isaiah 26:3", "Isaías 26:3"],
  ]),
  ...forTopic("provision", "scripture", [
    ["Philippians 4:19", "Filipenses 4:19"],
    ["Matthew 6:31-33", "Mateo 6:31-33"],
    ["Psalm 23:1", "Salmo 23:1"],
  ]),
];
