// Compile-time checks (tsc -p clients/react): the components take Expo UI's props, typed;
// each @ts-expect-error must be an error, or tsc fails.
import { render, Host, List, Section, HStack, VStack, Text, Label, Image, Button, Spacer, TextField, Toggle, Slider, ScrollView, ZStack } from '../index.js';
import type { ReactRoot, RenderError } from '../index.js';
import { connect, swipeActions, onTapGesture, padding, searchable, presentationDetents } from '../../js/index.js';

export async function screen(): Promise<ReactRoot> {
  const host = await connect();
  const rows = ['a', 'b'];
  const inset = [padding(4)] as const;
  const tree = (
    <Host name="inbox">
      <List>
        <Section title="Today">
          {rows.map((id) => (
            <HStack key={id} alignment="center" spacing={8} modifiers={[swipeActions({ trailing: [{ id: 'delete', label: 'Delete', onPress() {} }] }), padding(4)]}>
              <Image systemName="envelope" size={16} color="blue" />
              <Text>Row {id}</Text>
              <Spacer />
              {id === 'a' && <Label title="first" systemImage="star" />}
            </HStack>
          ))}
        </Section>
        <VStack alignment="leading"><ZStack alignment="topLeading" /><ScrollView /></VStack>
        <Button role="destructive" systemImage="trash" onPress={() => {}}>Delete</Button>
        <Button label="Edit" modifiers={[onTapGesture(() => {})]} />
        <Button onPress={() => {}}><Label title="Archive" systemImage="archivebox" /></Button>
        <Text modifiers={inset}>{['read-only ', 'modifiers']}</Text>
        <TextField defaultValue="" placeholder="Search" onTextChange={(text: string) => text.length} onSubmit={() => {}} />
        <Toggle isOn label="Wi-Fi" onIsOnChange={(on: boolean) => !on} />
        <Toggle isOn label="Older name" onValueChange={(on: boolean) => !on} />
        <Slider value={0.5} min={0} max={1} step={0.1} onValueChange={(v: number) => v * 2} />
        <List modifiers={[searchable('', { prompt: 'Search', onChange: (text: string) => text.length })]} />
        <VStack modifiers={[presentationDetents(['medium', { fraction: 0.3 }], { selection: 'medium', onSelectionChange: (d) => d })]} />
      </List>
    </Host>
  );
  const errors: RenderError[] = [];
  return render(tree, host, { surface: 'main', onError: (e) => errors.push(e) });
}

export const wrong = [
  // @ts-expect-error: a misspelt prop name
  <HStack alignmnt="center" />,
  // @ts-expect-error: not one of HStack's alignments
  <HStack alignment="centre" />,
  // @ts-expect-error: VStack aligns horizontally
  <VStack alignment="top" />,
  // @ts-expect-error: Image needs systemName
  <Image size={3} />,
  // @ts-expect-error: size is a number
  <Image systemName="trash" size="big" />,
  // @ts-expect-error: onPress takes no arguments the host would not give... and role is a closed set
  <Button role="danger" />,
  // @ts-expect-error: isOn is a boolean
  <Toggle isOn="yes" />,
  // @ts-expect-error: onTextChange gets a string
  <TextField onTextChange={(n: number) => n} />,
  // @ts-expect-error: modifiers is an array of modifier configs
  <Text modifiers={padding(4)}>x</Text>,
  // @ts-expect-error: searchable's callback is Expo's onChange
  <List modifiers={[searchable('', { onChangeText: () => {} })]} />,
  // @ts-expect-error: not a detent
  <VStack modifiers={[presentationDetents(['half'])]} />,
  // A Text's child elements are its segments (a Spacer there is refused when rendered).
  <Text>Total: <Text>42</Text></Text>,
  // @ts-expect-error: Spacer takes no children
  <Spacer>text</Spacer>,
];

// A custom module's view and module as an Expo app types them (issue 42).
import { requireNativeView as expoRequireNativeView, type NativeViewEvent } from '../../expo/index.js';
import { requireNativeModule as expoRequireNativeModule } from '../../expo-modules-core/index.js';
type RatingProps = { value: number; max?: number; label?: string; onValueChange?: (event: NativeViewEvent<{ value: number }>) => void };
const RatingNative = expoRequireNativeView<RatingProps>('Rating');
export const ratingElement = <RatingNative value={2} onValueChange={(e) => { const v: number = e.nativeEvent.value; void v; }} />;
// @ts-expect-error value must be a number
export const badRating = <RatingNative value="two" />;
const Counter = expoRequireNativeModule<{ add(a: number, b: number): Promise<number> }>('Counter');
export const added: Promise<number> = Counter.add(1, 2);
