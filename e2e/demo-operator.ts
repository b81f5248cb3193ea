/** The operator the demo seed creates (the server's defaults for SEED_OPERATOR_EMAIL and SEED_OPERATOR_PASSWORD). */
export const demoOperator = { email: 'demo@example.com', password: 'demo1234' } as const;
