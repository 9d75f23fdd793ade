// Mantine styles for the entry chunk: the base layers and the components every page uses.
// Feature modules import the styles of the other components they use, so a buyer never
// downloads the CSS of the organizer app. Order matters: base first, then components.
// default-css-variables.css is left out on purpose: MantineProvider writes the same variables
// at run time (`deduplicateCssVariables={false}` in providers.tsx), which saves 4 KB of CSS.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Loader.css';
