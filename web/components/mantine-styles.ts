// Mantine's styles for the parts of the app that use Mantine (MantineShell.tsx): the base layers and
// the components most of their pages use.
// Feature modules import the styles of the other components they use, so no page downloads
// the CSS of components it does not show. Order matters: base first, then components.
// default-css-variables.css is left out on purpose: MantineProvider writes the same variables
// at run time (`deduplicateCssVariables={false}` in MantineShell.tsx), which saves 4 KB of CSS.
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
