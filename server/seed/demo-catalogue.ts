/** The demo catalogue an empty database starts with: real-looking, small, and covering every screen state. */
export interface DemoBrand {
  name: string;
  country: string;
  website: string;
  models: { model: string; year: number; tags: string[] }[];
}
export interface DemoSubcategory {
  name: string;
  status?: string;
  brands: DemoBrand[];
}
export interface DemoCategory {
  name: string;
  eventsStatus?: string;
  subcategories: DemoSubcategory[];
  events: { name: string; type: string; city: string; start: string; days: number; website: string }[];
}

const brand = (name: string, country: string, domain: string, models: [string, number, string[]][]): DemoBrand => ({
  name,
  country,
  website: `https://www.${domain}`,
  models: models.map(([model, year, tags]) => ({ model, year, tags })),
});

export const demoCatalogue: DemoCategory[] = [
  {
    name: 'Construction Equipment',
    eventsStatus: 'Generated',
    subcategories: [
      {
        name: 'Excavators',
        status: 'Generated',
        brands: [
          brand('Caterpillar', 'United States', 'cat.com', [
            ['320 GC', 2023, ['crawler', 'mid-size']],
            ['336 Next Gen', 2024, ['crawler', 'large']],
            ['M318', 2022, ['wheeled']],
          ]),
          brand('Komatsu', 'Japan', 'komatsu.com', [
            ['PC210LC-11', 2023, ['crawler']],
            ['PC490LC-11', 2022, ['crawler', 'large']],
          ]),
          brand('Volvo CE', 'Sweden', 'volvoce.com', [['EC220E', 2023, ['crawler', 'electric-ready']]]),
          brand('Hitachi', 'Japan', 'hitachicm.com', []),
        ],
      },
      {
        name: 'Wheel Loaders',
        status: 'Generated',
        brands: [
          brand('JCB', 'United Kingdom', 'jcb.com', [['457 ZX', 2021, ['wheel loader']]]),
          brand('Liebherr', 'Germany', 'liebherr.com', [['L 566 XPower', 2023, ['hybrid drive']]]),
        ],
      },
      { name: 'Tower Cranes', status: 'Failed', brands: [] },
      { name: 'Bulldozers', brands: [] },
    ],
    events: [
      { name: 'bauma 2028', type: 'Trade Fair', city: 'Munich, Germany', start: '2028-04-03', days: 7, website: 'https://bauma.de' },
      {
        name: 'CONEXPO-CON/AGG 2029',
        type: 'Trade Show',
        city: 'Las Vegas, USA',
        start: '2029-03-13',
        days: 5,
        website: 'https://www.conexpoconagg.com',
      },
      {
        name: 'Intermat Paris 2027',
        type: 'Trade Fair',
        city: 'Paris, France',
        start: '2027-04-19',
        days: 5,
        website: 'https://intermatconstruction.com',
      },
    ],
  },
  {
    name: 'Agricultural Machinery',
    eventsStatus: 'No New Results',
    subcategories: [
      {
        name: 'Tractors',
        status: 'Insufficient tokens',
        brands: [
          brand('John Deere', 'United States', 'deere.com', [
            ['8R 410', 2024, ['row crop', 'high horsepower']],
            ['6M 150', 2023, ['utility']],
          ]),
          brand('Fendt', 'Germany', 'fendt.com', [['942 Vario', 2023, ['CVT', 'high horsepower']]]),
          brand('Kubota', 'Japan', 'kubota.com', [['M7-173', 2022, ['mid-range']]]),
        ],
      },
      {
        name: 'Combine Harvesters',
        status: 'No New Results',
        brands: [brand('Claas', 'Germany', 'claas.com', [['Lexion 8900', 2023, ['hybrid', 'flagship']]])],
      },
      { name: 'Sprayers', brands: [] },
    ],
    events: [
      {
        name: 'Agritechnica 2027',
        type: 'Trade Fair',
        city: 'Hanover, Germany',
        start: '2027-11-14',
        days: 7,
        website: 'https://www.agritechnica.com',
      },
      {
        name: 'SIMA Paris 2027',
        type: 'Trade Show',
        city: 'Paris, France',
        start: '2027-02-21',
        days: 5,
        website: 'https://www.sima-paris.com',
      },
    ],
  },
  {
    name: 'Medical Devices',
    eventsStatus: 'Failed',
    subcategories: [
      {
        name: 'Imaging Systems',
        status: 'Generated',
        brands: [
          brand('Siemens Healthineers', 'Germany', 'siemens-healthineers.com', [
            ['MAGNETOM Free.Max', 2023, ['MRI', '80 cm bore']],
            ['SOMATOM X.ceed', 2022, ['CT']],
          ]),
          brand('GE HealthCare', 'United States', 'gehealthcare.com', [['Revolution Apex', 2023, ['CT', 'AI reconstruction']]]),
          brand('Philips', 'Netherlands', 'philips.com', [['Azurion 7', 2022, ['interventional X-ray']]]),
        ],
      },
      { name: 'Patient Monitors', brands: [brand('Mindray', 'China', 'mindray.com', [['BeneVision N22', 2022, ['bedside']]])] },
      { name: 'Surgical Robots', brands: [] },
    ],
    events: [
      {
        name: 'MEDICA 2027',
        type: 'Trade Fair',
        city: 'Düsseldorf, Germany',
        start: '2027-11-15',
        days: 4,
        website: 'https://www.medica-tradefair.com',
      },
    ],
  },
  {
    name: 'Audio Equipment',
    subcategories: [
      {
        name: 'Studio Monitors',
        status: 'Generated',
        brands: [
          brand('Genelec', 'Finland', 'genelec.com', [
            ['8341A', 2021, ['coaxial', 'SAM']],
            ['8030C', 2020, ['two-way', 'compact']],
          ]),
          brand('Neumann', 'Germany', 'neumann.com', [['KH 310', 2019, ['three-way']]]),
          brand('Adam Audio', 'Germany', 'adam-audio.com', [['A7V', 2022, ['two-way', 'ribbon tweeter']]]),
        ],
      },
      { name: 'Microphones', brands: [brand('Shure', 'United States', 'shure.com', [['SM7dB', 2023, ['dynamic', 'broadcast']]])] },
      { name: 'Mixing Consoles', brands: [] },
    ],
    events: [],
  },
  {
    name: 'Fitness Equipment',
    eventsStatus: 'Generated',
    subcategories: [
      {
        name: 'Treadmills',
        status: 'Generated',
        brands: [brand('Technogym', 'Italy', 'technogym.com', [['Skillrun', 2023, ['commercial']]])],
      },
      { name: 'Rowing Machines', brands: [brand('Concept2', 'United States', 'concept2.com', [['RowErg', 2021, ['air resistance']]])] },
      { name: 'Exercise Bikes', brands: [] },
    ],
    events: [
      { name: 'FIBO 2027', type: 'Trade Fair', city: 'Cologne, Germany', start: '2027-04-08', days: 4, website: 'https://www.fibo.com' },
    ],
  },
  { name: 'Drones', subcategories: [], events: [] },
];

/** Brands excluded in the demo, and models (brand - model). */
export const demoExcludedBrands = ['Hitachi'];
export const demoExcludedModels: [string, string][] = [
  ['Caterpillar', 'M318'],
  ['Komatsu', 'PC490LC-11'],
];
