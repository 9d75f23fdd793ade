import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** A deep indigo, the colour of the mosaic tiles in the logo. Shade 7 keeps white text above 4.5:1. */
const tessera: MantineColorsTuple = [
  '#eef0ff',
  '#dcdefd',
  '#b6baf5',
  '#8e93ee',
  '#6e72e0',
  '#5a5fd6',
  '#4a4fcb',
  '#3b3fb6',
  '#31359a',
  '#262a7d',
];

export const theme = createTheme({
  colors: { tessera },
  primaryColor: 'tessera',
  primaryShade: 7,
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'Noto Sans', 'PingFang SC', 'Microsoft YaHei', sans-serif",
  headings: { fontWeight: '700' },
  components: {
    // Mantine draws a dialog's title bar as a <header>, which is a banner landmark where it
    // stands (in a portal at the end of <body>): every open dialog or drawer added a second
    // banner to the page's own. A div keeps the look without the landmark.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
  },
});
