pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// One row of the Updates page. Three kinds share it, so the list stays one flat ListView:
//  - "app": an application with its icon, versions, "what's new" and what it pulls in;
//  - "group": the System infrastructure row (or Core desktop / Base platform), tri-state,
//    expandable;
//  - "package": one infrastructure package, indented, shown while the group is expanded.
// Every text comes from packages or PackageKit, so it is shown as plain text.
ItemDelegate {
    id: row

    required property int index
    required property string kind
    required property string updateId
    required property string name
    required property string summary
    required property string iconUrl
    required property string version
    required property string sizeText
    required property string severity
    required property string checkState
    required property bool locked
    required property bool expanded
    required property string whatsNew
    required property int pullsInCount
    required property string pullsInApps
    required property bool pending
    required property string neededBy
    required property int pulledCount
    required property int securityCount
    required property int packageCount
    required property int percent
    required property string statusText
    required property bool done

    // The page is installing: the ticks are frozen and progress shows instead.
    property bool updating: false
    // The keyboard's row (the list has focus and this is its current item).
    property bool current: false

    signal tickRequested(string updateId)
    signal expandRequested(string updateId)

    readonly property bool isGroup: row.kind === "group"
    readonly property bool isPackage: row.kind === "package"
    property bool showAllNews: false

    objectName: "updateRow:" + row.updateId
    leftPadding: row.isPackage ? Theme.gridUnit * 3.5 : Theme.largeSpacing
    rightPadding: Theme.largeSpacing
    topPadding: row.isPackage ? Theme.spacing / 2 : Theme.largeSpacing
    bottomPadding: row.isPackage ? Theme.spacing / 2 : Theme.largeSpacing
    hoverEnabled: true
    // Keyboard (the list gives its current row the focus): Space ticks, Return opens a group.
    // Handled here, before the delegate's own Space-is-a-click, which on a group opens it.
    Keys.onSpacePressed: row.tickRequested(row.updateId)
    Keys.onReturnPressed: if (row.isGroup) row.expandRequested(row.updateId)
    Accessible.name: row.name
    Accessible.description: row.summary
    onClicked: row.isGroup ? row.expandRequested(row.updateId) : row.tickRequested(row.updateId)

    background: Rectangle {
        color: row.hovered ? Theme.surfaceHover : Theme.surface
        border.width: row.current ? Theme.focusWidth : 0
        border.color: Theme.focus
        Rectangle {
            anchors.bottom: parent.bottom
            width: parent.width
            height: 1
            color: Theme.border
        }
    }

    contentItem: RowLayout {
        spacing: 12

        CheckBox {
            id: check
            objectName: "check:" + row.updateId
            // Not checkable by itself: the model decides (a pulled-in package stays ticked,
            // the group's partial state comes from its packages).
            checkable: false
            tristate: row.isGroup
            checkState: row.checkState === "checked" ? Qt.Checked
                      : row.checkState === "partial" ? Qt.PartiallyChecked : Qt.Unchecked
            enabled: !row.locked && !row.updating
            Layout.alignment: Qt.AlignTop
            Accessible.name: row.isGroup ? qsTr("Update all packages of %1").arg(row.name)
                                         : qsTr("Update %1").arg(row.name)
            onClicked: row.tickRequested(row.updateId)
        }

        Item {
            visible: !row.isPackage
            Layout.preferredWidth: 48
            Layout.preferredHeight: 48
            Layout.alignment: Qt.AlignTop
            Image {
                // read by --screenshot, which waits for every image
                readonly property bool isLoading: status === Image.Loading
                anchors.fill: parent
                visible: !row.isGroup
                source: row.isGroup ? "" : row.iconUrl
                sourceSize.width: 48
                sourceSize.height: 48
                asynchronous: false  // a Python image provider: see AppCard.qml
                fillMode: Image.PreserveAspectFit
                Accessible.ignored: true
            }
            Rectangle {
                anchors.fill: parent
                visible: row.isGroup
                radius: 8
                color: row.palette.button
                border.color: Theme.border
                Label {
                    textFormat: Text.PlainText
                    anchors.centerIn: parent
                    text: "⚙"
                    font.pointSize: Theme.headingSize
                    Accessible.ignored: true
                }
            }
        }

        ColumnLayout {
            Layout.fillWidth: true
            spacing: 2

            RowLayout {
                spacing: 8
                Layout.fillWidth: true
                Label {
                    text: row.name
                    textFormat: Text.PlainText
                    font.bold: !row.isPackage
                    font.pointSize: row.isPackage ? Theme.bodySize : Theme.subheadingSize
                    elide: Text.ElideRight
                    Layout.fillWidth: false
                    Layout.maximumWidth: row.width * 0.45
                }
                KindBadge {
                    severity: row.isGroup ? (row.securityCount > 0 ? "security" : "normal")
                                          : row.severity
                }
                Label {
                    visible: !row.isGroup && row.version !== ""
                    text: row.version
                    textFormat: Text.PlainText
                    color: Theme.mutedText
                    font.pointSize: Theme.smallSize
                    elide: Text.ElideMiddle
                    Layout.fillWidth: true
                }
                Item { visible: row.isGroup; Layout.fillWidth: true }
            }

            Label {
                visible: text !== ""
                text: row.isGroup
                      ? (row.securityCount > 0
                         ? qsTr("%n package(s), including security fixes", "", row.packageCount)
                         : row.updateId === "core-desktop"
                           ? qsTr("The desktop itself: %n package(s)", "", row.packageCount)
                         : row.updateId === "base-platform"
                           ? qsTr("Libraries, services and the system underneath: %n package(s)", "", row.packageCount)
                         : qsTr("Libraries, services and the system itself: %n package(s)", "", row.packageCount))
                      : row.summary
                textFormat: Text.PlainText
                wrapMode: Text.Wrap
                maximumLineCount: 2
                elide: Text.ElideRight
                color: Theme.mutedText
                font.pointSize: row.isPackage ? Theme.smallSize : Theme.bodySize
                Layout.fillWidth: true
            }

            // What ticking this row does besides itself.
            Label {
                objectName: "note:" + row.updateId
                visible: text !== ""
                text: row.pending ? qsTr("Checking what this update needs…")
                      : row.neededBy !== "" ? qsTr("Needed by %1").arg(row.neededBy)
                      : row.kind === "app" && row.pullsInCount > 0 && row.pullsInApps !== ""
                        ? qsTr("Also updates %n system component(s) and %1", "", row.pullsInCount).arg(row.pullsInApps)
                      : row.kind === "app" && row.pullsInCount > 0
                        ? qsTr("Also updates %n system component(s)", "", row.pullsInCount)
                      : row.kind === "app" && row.pullsInApps !== ""
                        ? qsTr("Also updates %1").arg(row.pullsInApps)
                      : row.isGroup && row.pulledCount > 0 && row.checkState !== "checked"
                        ? qsTr("%n of them needed by the selected applications", "", row.pulledCount)
                      : ""
                textFormat: Text.PlainText
                wrapMode: Text.Wrap
                font.italic: true
                font.pointSize: Theme.smallSize
                color: Theme.accentText
                Layout.fillWidth: true
            }

            Label {
                id: news
                visible: row.kind === "app" && row.whatsNew !== ""
                text: row.whatsNew
                textFormat: Text.PlainText
                wrapMode: Text.Wrap
                maximumLineCount: row.showAllNews ? 40 : 3
                elide: Text.ElideRight
                font.pointSize: Theme.smallSize
                color: Theme.mutedText
                Layout.fillWidth: true
                Layout.topMargin: 4
            }
            Button {
                visible: news.visible && (news.truncated || row.showAllNews)
                flat: true
                text: row.showAllNews ? qsTr("Less") : qsTr("What's new")
                font.pointSize: Theme.smallSize
                onClicked: row.showAllNews = !row.showAllNews
            }

            ProgressBar {
                visible: row.updating && !row.done && row.percent > 0 && !row.isPackage
                from: 0
                to: 100
                value: Math.max(0, row.percent)
                Layout.fillWidth: true
                Layout.maximumWidth: 360
            }
        }

        ColumnLayout {
            spacing: 2
            Layout.alignment: Qt.AlignTop | Qt.AlignRight
            Label {
                visible: text !== ""
                text: row.updating && row.checkState !== "unchecked"
                      ? (row.done ? qsTr("Updated") : row.statusText) : row.sizeText
                textFormat: Text.PlainText
                color: Theme.mutedText
                font.pointSize: Theme.smallSize
                Layout.alignment: Qt.AlignRight
            }
            Button {
                objectName: "expandButton"
                visible: row.isGroup
                text: row.expanded ? qsTr("Hide packages") : qsTr("Show packages")
                icon.name: row.expanded ? "go-up" : "go-down"
                Accessible.name: text
                onClicked: row.expandRequested(row.updateId)
            }
        }
    }
}
