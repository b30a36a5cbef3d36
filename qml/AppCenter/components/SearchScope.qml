pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// Above search results: where the search looks (everywhere by default; one click narrows it
// to the selected category, and while narrowed the chip says so and one click widens it
// again), and "Did you mean …?" when a misspelled word was corrected.
RowLayout {
    id: scope

    required property var apps
    required property string categoryName

    readonly property bool inCategory: scope.apps.category !== ""

    visible: scope.apps.searchText !== "" && (scope.inCategory || scope.apps.correction !== "")
    spacing: Theme.spacing

    Button {
        id: chip
        objectName: "searchScopeChip"
        visible: scope.inCategory
        flat: !scope.apps.searchScoped
        checkable: true
        checked: scope.apps.searchScoped
        icon.name: scope.apps.searchScoped ? "window-close" : "edit-find"
        text: scope.apps.searchScoped ? qsTr("In %1").arg(scope.categoryName)
                                      : qsTr("Only in %1").arg(scope.categoryName)
        contentItem: PlainContent { control: chip }
        Accessible.name: scope.apps.searchScoped
                         ? qsTr("Searching only in %1: search everywhere").arg(scope.categoryName)
                         : qsTr("Searching everywhere: search only in %1").arg(scope.categoryName)
        ToolTip.visible: chip.hovered
        ToolTip.text: scope.apps.searchScoped ? qsTr("Search all applications")
                                              : qsTr("Search only in this category")
        onClicked: scope.apps.searchScoped = !scope.apps.searchScoped
    }
    Button {
        id: suggestion
        objectName: "didYouMean"
        visible: scope.apps.correction !== ""
        flat: true
        // The correction is a word from the catalog (untrusted): plain text only.
        text: qsTr("Did you mean “%1”?").arg(scope.apps.correction)
        contentItem: Label {
            text: suggestion.text
            textFormat: Text.PlainText
            font.underline: true
            color: Theme.accentText
        }
        Accessible.name: suggestion.text
        onClicked: scope.apps.searchText = scope.apps.correction
    }
    Item { Layout.fillWidth: true }
}
