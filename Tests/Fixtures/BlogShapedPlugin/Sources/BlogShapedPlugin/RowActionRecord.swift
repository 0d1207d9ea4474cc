import ModifierKit

final class RowActionRecord: Record {
  @Field var id: String = ""
  @Field var label: String = ""
  @Field var systemImage: String? = nil
  @Field var tint: Color? = nil
  @Field var role: String? = nil
}
