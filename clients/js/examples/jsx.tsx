// JSX without React: `"jsx": "react-jsx"`, `"jsxImportSource": "@modhost/client"` (see
// tsconfig.json). `tsc -p clients/js --noEmit` checks it; the @ts-expect-error lines fail the
// check when a wrong prop name or type is accepted.
import {
  connect, swipeActions, padding, onTapGesture,
  List, Section, HStack, VStack, ZStack, Text, Label, Image, Button, Spacer, ScrollView, TextField, Toggle, Slider,
} from '@modhost/client';
import type { Node, Connection, Surface, ButtonProps, ViewPropsMap, Component, Host } from '@modhost/client';

interface Message { id: string; from: string; subject: string; unread: boolean }

interface RowProps { message: Message; onDelete: (id: string) => void }

/** A function component: called with its props; its key goes on the node it returns. */
function Row({ message, onDelete }: RowProps) {
  return (
    <HStack alignment="center" spacing={8} modifiers={[
      swipeActions({
        trailing: [{ id: 'delete', label: 'Delete', systemImage: 'trash', role: 'destructive', onPress: () => onDelete(message.id) }],
      }),
      padding(4),
    ]}>
      {message.unread && <Image systemName="circle.fill" size={8} color="blue" />}
      <VStack alignment="leading">
        <Text weight="semibold">{message.from}</Text>
        <Text lineLimit={1}>Re: {message.subject}</Text>
      </VStack>
      <Spacer />
    </HStack>
  );
}

interface Settings { wifi: boolean; volume: number; name: string }

export function screen(messages: Message[], settings: Settings, change: (s: Partial<Settings>) => void, remove: (id: string) => void): Node {
  return (
    <VStack>
      <List>
        <Section title="Inbox">
          {messages.map((m) => <Row key={m.id} message={m} onDelete={remove} />)}
        </Section>
        <Section title="Settings">
          <Toggle key="wifi" isOn={settings.wifi} label="Wi-Fi" onIsOnChange={(wifi) => change({ wifi })} />
          <Slider key="volume" value={settings.volume} min={0} max={10} step={1} onValueChange={(volume) => change({ volume })} />
          <TextField key="name" defaultValue={settings.name} placeholder="Name" onTextChange={(name) => change({ name })} onSubmit={(name) => change({ name })} />
          <>
            <Label title="Fragments" systemImage="square.stack" />
            <Label systemImage="tray">Children become the title</Label>
          </>
        </Section>
      </List>
      <ZStack alignment="topLeading">
        <Button key="clear" label="Clear" role="destructive" systemImage="trash" onPress={() => messages.forEach((m) => remove(m.id))} />
        <Button onPress={() => change({ wifi: !settings.wifi })} modifiers={[onTapGesture(() => {})]}>
          <Text>Toggle Wi-Fi</Text>
        </Button>
      </ZStack>
      <ScrollView axes="vertical"><Text>footer</Text></ScrollView>
    </VStack>
  );
}

/** The prop types are exported for other front-ends. */
export const buttonProps: ButtonProps = { label: 'OK', onPress: () => {} };
export const sliderProps: ViewPropsMap['Slider'] = { value: 0.5 };
export const Empty: Component = () => null;

export async function main(): Promise<void> {
  const connection: Connection = await connect();
  const legacy: Host = connection; // the deprecated name still types
  let settings: Settings = { wifi: false, volume: 3, name: '' };
  let messages: Message[] = [{ id: 'm1', from: 'Ada', subject: 'Engines', unread: true }];
  let surface: Surface | undefined;
  const render = () => screen(messages, settings, (s) => { settings = { ...settings, ...s }; void surface?.update(render()); },
    (id) => { messages = messages.filter((m) => m.id !== id); void surface?.update(render()); });
  surface = await legacy.mount('settings', render());
  await surface.tap('wifi');
  await surface.typeText('name', 'Ada');
  await surface.slide('volume', 7);
  await connection.close();
}

// Mistakes the types catch (never called).
export function mistakes(): Node[] {
  return [
    // @ts-expect-error misspelt prop
    <HStack alignmnt="center" />,
    // @ts-expect-error not an HStack alignment
    <HStack alignment="centre" />,
    // @ts-expect-error Button's action takes no argument
    <Button onPress={(x: string) => x} />,
    // @ts-expect-error not a role
    <Button role="danger" />,
    // @ts-expect-error an Image needs its systemName, as in Expo UI
    <Image size={8} />,
    // @ts-expect-error onTextChange receives a string
    <TextField onTextChange={(n: number) => n} />,
    // @ts-expect-error TextField's text is defaultValue
    <TextField text="x" />,
    // @ts-expect-error isOn is a boolean
    <Toggle isOn="yes" />,
    // @ts-expect-error Slider's event is onValueChange
    <Slider onChange={() => {}} />,
    // @ts-expect-error a leaf view takes no children
    <Slider><Text>no</Text></Slider>,
    // @ts-expect-error a component's props are checked
    <Row message="m1" onDelete={() => {}} />,
    // @ts-expect-error no lower-case intrinsic elements
    <div />,
    // @ts-expect-error modifiers is an array
    <List modifiers={padding(4)} />,
  ];
}

// SymbolView is a function component: typed props in JSX, nitro-symbols' names.
import { SymbolView } from '@modhost/client';
export function symbols(liked: boolean) {
  return [
    <VStack>
      <SymbolView key="like" symbolName="heart" effect="bounce" isAnimating={liked} variant="fill" tintColor="red" />
      <SymbolView symbolName="01.circle" weight="ultralight" colors={['red', '#00F']} renderingMode="palette" />
    </VStack>,
    // @ts-expect-error an effect nitro-symbols does not have
    <SymbolView symbolName="heart" effect="explode" />,
    // @ts-expect-error symbolName is required
    <SymbolView effect="bounce" />,
  ];
}
