/** Chart colours from the design tokens (styles/tokens): the seeds' status colours, upgrade tints deepened to be seen as bars. */
export const COLOURS = {
  disbursed: '#1e6b52',
  collected: '#b8860b',
  interest: '#b8860b',
  principal: '#1e6b52',
  status: { active: '#1d4ed8', closed: '#4b5563', renewed: '#8a6410' } as Record<string, string>,
  /** Level 0 (original rate), then yellow, orange, red (the loan tables' row tints). */
  levels: ['#1e6b52', '#d4a72c', '#e07b00', '#b42318'],
  /** 1–30, 31–60, 61–90, 90+ days: worse is redder. */
  overdue: ['#d4a72c', '#e07b00', '#c2410c', '#b42318'],
  /** Delinquency classes: standard green, then worse is redder (SMA-0, SMA-1, SMA-2, NPA). */
  classes: {
    standard: '#1e6b52',
    sma_0: '#d4a72c',
    sma_1: '#e07b00',
    sma_2: '#c2410c',
    npa: '#b42318',
  } as Record<string, string>,
  goldReturns: {
    pending: '#8a5300',
    scheduled: '#d4a72c',
    overdue: '#b42318',
    returned: '#17663a',
  } as Record<string, string>,
} as const;
